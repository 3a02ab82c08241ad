module RaydiumApiRuntime
  # Page walks: every item of a paged operation, in order, each once, without the caller
  # touching the cursor or the page number. Each host's Api classes call these from the
  # `each_<operation>` and `each_<operation>_page` methods of their paged operations (their
  # x-pagination).
  #
  # A walk is an Enumerator that requests a page only when the iteration reaches it (`first(10)`
  # requests one page of ten; `.lazy` chains without reading further). Each page is requested
  # with the operation's normal call, so the call's timeouts, deadline, retries and typed errors
  # hold for each page. Cursor paging passes the response's cursor back unchanged and ends on the
  # page without one; numbered paging counts pages from the first and ends on the page that says
  # there is no next one, or that has no item. `max_pages` bounds the pages requested. When a page
  # finally fails, its ApiError's `resume` is the option that starts the walk again at that page
  # (`{ next_page_id: '...' }`, `{ page: 3 }`); no item of that page was yielded.
  module Paging
    module_function

    # Every page of a cursor-paged operation from the cursor `first` (nil: the first page):
    # `fetch` gets the cursor to send (nil for the first page), `next_cursor` reads a page's.
    # `option` names the operation's cursor option (`:next_page_id`).
    def cursor_pages(option:, next_cursor:, first: nil, max_pages: nil, &fetch)
      walk(option, first, max_pages, fetch) do |page, _cursor|
        cursor = next_cursor.call(page)
        cursor unless cursor.nil? || cursor == ''
      end
    end

    # Every page of a page-numbered operation from page `first`: `fetch` gets the page number,
    # `more` reads whether a page says a next one exists (nil where it does not say), `count`
    # how many items it holds. `option` names the operation's page option (`:page`).
    def numbered_pages(option:, first:, more:, count:, max_pages: nil, &fetch)
      walk(option, first, max_pages, fetch) do |page, number|
        number + 1 unless more.call(page) == false || count.call(page).zero?
      end
    end

    # The pages from the one whose `option` is `first` on, at most `max_pages`: `fetch` gets a
    # page's value of the option, `following` the next page's from a page and its own (nil
    # after the last page). `max_pages` is checked at once, before the first page is requested.
    def walk(option, first, max_pages, fetch, &following)
      unless max_pages.nil? || (max_pages.is_a?(Integer) && max_pages >= 1)
        fail ArgumentError, "max_pages must be at least 1 (or nil for no bound), not #{max_pages.inspect}"
      end

      Enumerator.new do |pages|
        value = first
        fetched = 0
        until value.nil? && fetched.positive?
          page = resuming(option, value) { fetch.call(value) }
          pages << page
          fetched += 1
          value = max_pages.nil? || fetched < max_pages ? following.call(page, value) : nil
        end
      end
    end

    # Each item of each page, in order (a nil item where the schema admits one): `of` reads a page's items.
    def items(pages, &of)
      Enumerator.new do |found|
        pages.each { |page| (of.call(page) || []).each { |item| found << item } }
      end
    end

    # The page's error, with where to resume the walk.
    def resuming(option, value)
      yield
    rescue ApiError => e
      e.resume = value.nil? ? {} : { option => value }
      raise
    end

    private_class_method :walk, :resuming
  end
end
