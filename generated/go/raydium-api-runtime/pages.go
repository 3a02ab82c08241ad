package apiruntime

import (
	"errors"
	"fmt"
	"strconv"
)

// Resume is where a page walk starts again: the error of the page that stopped it carries it
// (ErrorDetails.Resume). Set the request's parameter named Parameter to Cursor (a cursor walk)
// or Page (a numbered one) and walk again: no item of that page was given.
type Resume struct {
	Parameter string // the query parameter that starts the walk: "nextPageId", "page"
	Cursor    string // a cursor walk: the cursor of the page that failed, as the service sent it ("": the first page)
	Page      int32  // a numbered walk: the number of the page that failed
	numbered  bool
}

// String says where the walk starts again: `nextPageId "..."`, `page 3` or `the first page`.
func (r Resume) String() string {
	if r.numbered {
		return r.Parameter + " " + strconv.Itoa(int(r.Page))
	}
	if r.Cursor == "" {
		return "the first page"
	}
	return r.Parameter + " " + strconv.Quote(r.Cursor)
}

// Pages walks the pages of a paged operation, in order, each requested with the operation's
// own call (its timeouts, deadline, retries and typed errors). Each host's module makes one
// from a request builder (a paged operation's Pages()); Next fetches the next page:
//
//	pages := client.PoolsAPI.ListPoolsByCursor(ctx).Size(100).Pages()
//	for pages.Next() {
//		page := pages.Page()
//		...
//	}
//	if err := pages.Err(); err != nil {
//		// err's Details().Resume says where to start again
//	}
//
// A cursor walk passes each page's cursor back unchanged and ends on the page without one; a
// numbered walk counts pages from the first and ends on the page that says there is no next
// one, or that has no item. MaxPages bounds the pages requested.
type Pages[P any] struct {
	fetch    func() (P, error) // the current page
	advance  func(P) bool      // moves past a page; false: it was the last
	resume   func() Resume     // where the walk starts again at the current page
	maxPages int
	fetched  int
	done     bool
	page     P
	err      error
}

// CursorPages walks a cursor-paged operation from the cursor first ("": the first page):
// fetch requests the page at a cursor ("": the first page) and next reads a page's cursor
// to the next ("": none). parameter names the cursor's query parameter (for Resume).
func CursorPages[P any](parameter, first string, fetch func(cursor string) (P, error), next func(P) string) *Pages[P] {
	cursor := first
	return &Pages[P]{
		fetch:   func() (P, error) { return fetch(cursor) },
		advance: func(page P) bool { cursor = next(page); return cursor != "" },
		resume:  func() Resume { return Resume{Parameter: parameter, Cursor: cursor} },
	}
}

// NumberedPages walks a page-numbered operation from page first: fetch requests a page by
// its number; more reads whether a page says there is a next one (nil: it does not say, or
// more itself is nil) and count how many items it holds. parameter names the page number's
// query parameter (for Resume).
func NumberedPages[P any](parameter string, first int32, fetch func(page int32) (P, error), more func(P) *bool, count func(P) int) *Pages[P] {
	number := first
	return &Pages[P]{
		fetch: func() (P, error) { return fetch(number) },
		advance: func(page P) bool {
			if more != nil {
				if next := more(page); next != nil && !*next {
					return false
				}
			}
			if count(page) == 0 {
				return false
			}
			number++
			return true
		},
		resume: func() Resume { return Resume{Parameter: parameter, Page: number, numbered: true} },
	}
}

// MaxPages bounds the pages the walk requests (at least 1; one less than 1 is an error that
// Err returns before any page is requested). It returns the walk, for chaining.
func (p *Pages[P]) MaxPages(n int) *Pages[P] {
	if n < 1 {
		p.err = fmt.Errorf("MaxPages must be at least 1, not %d", n)
		p.done = true
	}
	p.maxPages = n
	return p
}

// Next fetches the next page and says whether there is one: false at the walk's end, or when
// a page failed (Err).
func (p *Pages[P]) Next() bool {
	if p.done {
		return false
	}
	if p.fetched > 0 && !p.advance(p.page) {
		p.done = true
		return false
	}
	if p.maxPages > 0 && p.fetched >= p.maxPages {
		p.done = true
		return false
	}
	page, err := p.fetch()
	if err != nil {
		p.done = true
		p.err = resuming(err, p.resume())
		var zero P
		p.page = zero
		return false
	}
	p.fetched++
	p.page = page
	return true
}

// Page is the page the last Next fetched.
func (p *Pages[P]) Page() P { return p.page }

// Err is the error that ended the walk; nil when it ended with its last page. The error of a
// page that failed satisfies APIError, and its Details().Resume says where to start again.
func (p *Pages[P]) Err() error { return p.err }

// resuming is a page's error with where the walk starts again, said in its message too.
func resuming(err error, resume Resume) error {
	var api APIError
	if errors.As(err, &api) {
		d := api.Details()
		d.Resume = &resume
		d.message += "; the walk stopped at this page: start it again with " + resume.String() + " to resume"
	}
	return err
}

// PageItems walks every item of every page of a paged operation, in order, each once: Next moves
// to the next item, fetching the next page when this one is done.
//
//	pools := client.PoolsAPI.ListPoolsByCursor(ctx).Size(100).Items()
//	for pools.Next() {
//		pool := pools.Item()
//		...
//	}
//	if err := pools.Err(); err != nil { ... }
type PageItems[P, I any] struct {
	pages *Pages[P]
	of    func(P) []I
	items []I
	at    int
}

// ItemsOf walks the items of pages, which of reads from each page (an item that may be null
// is a pointer, nil for a null).
func ItemsOf[P, I any](pages *Pages[P], of func(P) []I) *PageItems[P, I] {
	return &PageItems[P, I]{pages: pages, of: of}
}

// MaxPages bounds the pages the walk requests (Pages.MaxPages). It returns the walk.
func (it *PageItems[P, I]) MaxPages(n int) *PageItems[P, I] {
	it.pages.MaxPages(n)
	return it
}

// Next moves to the next item and says whether there is one: false at the walk's end, or
// when a page failed (Err).
func (it *PageItems[P, I]) Next() bool {
	for it.at+1 >= len(it.items) {
		if !it.pages.Next() {
			it.items, it.at = nil, 0
			return false
		}
		it.items, it.at = it.of(it.pages.Page()), -1
	}
	it.at++
	return true
}

// Item is the item the last Next moved to.
func (it *PageItems[P, I]) Item() I {
	if it.at < 0 || it.at >= len(it.items) {
		var zero I
		return zero
	}
	return it.items[it.at]
}

// Page is the page the current item is on.
func (it *PageItems[P, I]) Page() P { return it.pages.Page() }

// Err is the error that ended the walk (Pages.Err).
func (it *PageItems[P, I]) Err() error { return it.pages.Err() }
