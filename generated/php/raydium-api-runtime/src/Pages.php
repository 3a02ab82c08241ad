<?php

namespace Raydium\ApiRuntime;

/**
 * Page walks: every item of a paged operation, in order, each once, without the caller touching
 * the cursor or the page number. Each host's Api classes call these from the iterate<Operation>()
 * and iterate<Operation>Pages() methods of their paged operations (their x-pagination).
 *
 * A walk is a Generator that requests a page only when the iteration reaches it. Each page is
 * requested with the operation's normal call, so the call's timeouts, deadline, retries and typed
 * errors hold for each page. Cursor paging passes the response's cursor back unchanged and ends on
 * the page without one; numbered paging counts pages from the first and ends on the page that
 * says there is no next one, or that has no item. $maxPages bounds the pages requested (null: every
 * page; less than 1 is refused at once). When a page finally fails, its ApiException's getResume()
 * is the named argument that starts the walk again at that page (['next_page_id' => '...'],
 * ['page' => 3]); no item of that page was yielded.
 */
final class Pages
{
    /**
     * Every page of a cursor-paged operation from the cursor $first (null: the first page):
     * $fetch gets the cursor to send (null for the first page), $next reads a page's. $argument
     * names the walk's cursor argument (next_page_id).
     *
     * @template P
     *
     * @param \Closure(?string): P $fetch
     * @param \Closure(P): ?string $next
     *
     * @return \Generator<int, P>
     */
    public static function cursor(\Closure $fetch, \Closure $next, string $argument, ?string $first, ?int $maxPages): \Generator
    {
        return self::walk($fetch, function (mixed $page) use ($next): ?string {
            $cursor = $next($page);

            return $cursor === '' ? null : $cursor;
        }, $argument, $first, $maxPages);
    }

    /**
     * Every page of a page-numbered operation from page $first: $fetch gets the page number, $more
     * reads whether a page says a next one exists (null where it does not say), $count how many
     * items it holds. $argument names the walk's page argument (page).
     *
     * @template P
     *
     * @param \Closure(int): P $fetch
     * @param \Closure(P): ?bool $more
     * @param \Closure(P): int $count
     *
     * @return \Generator<int, P>
     */
    public static function numbered(\Closure $fetch, \Closure $more, \Closure $count, string $argument, int $first, ?int $maxPages): \Generator
    {
        return self::walk($fetch, fn (mixed $page, int $number): ?int => $more($page) === false || $count($page) === 0 ? null : $number + 1,
            $argument, $first, $maxPages);
    }

    /**
     * The pages from the one whose $argument is $first on, at most $maxPages: $fetch gets a page's
     * value of the argument, $following the next page's from a page and its own (null after the
     * last page). $maxPages is checked at once, before the first page is requested.
     *
     * @template P
     *
     * @param \Closure(mixed): P $fetch
     * @param \Closure(P, mixed): mixed $following
     *
     * @return \Generator<int, P>
     */
    private static function walk(\Closure $fetch, \Closure $following, string $argument, int|string|null $first, ?int $maxPages): \Generator
    {
        if ($maxPages !== null && $maxPages < 1) {
            throw new \InvalidArgumentException("maxPages must be at least 1 (or null for no bound), not $maxPages");
        }

        return (static function () use ($fetch, $following, $argument, $first, $maxPages): \Generator {
            $value = $first;
            for ($fetched = 1; ; $fetched++) {
                try {
                    $page = $fetch($value);
                } catch (ApiException $e) {
                    throw $e->resuming($value === null ? [] : [$argument => $value]);
                }
                yield $page;
                $value = $maxPages === null || $fetched < $maxPages ? $following($page, $value) : null;
                if ($value === null) {
                    return;
                }
            }
        })();
    }

    /**
     * Each item of each page, in order (a null item where the schema admits one): $of reads a
     * page's items. The keys run on from 0 across pages, as iterator_to_array() needs them.
     *
     * @template P
     * @template I
     *
     * @param iterable<P> $pages
     * @param \Closure(P): ?array<I> $of
     *
     * @return \Generator<int, I>
     */
    public static function items(iterable $pages, \Closure $of): \Generator
    {
        foreach ($pages as $page) {
            foreach ($of($page) ?? [] as $item) {
                yield $item;
            }
        }
    }
}
