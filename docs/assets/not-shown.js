// A "not shown" tag on an operation page links to the page's one box of notices
// (#not-shown, the span just before that box's <details>): following it opens the box, so
// the reader lands on the list, not on a closed bar. Also on load, for a link from elsewhere.
(function () {
  function openNotices() {
    if (location.hash !== "#not-shown") return;
    var anchor = document.getElementById("not-shown");
    var box = anchor && anchor.parentElement && anchor.parentElement.nextElementSibling;
    if (!box || box.tagName !== "DETAILS") box = anchor && anchor.nextElementSibling;
    if (box && box.tagName === "DETAILS") box.open = true;
  }
  window.addEventListener("hashchange", openNotices);
  document.addEventListener("DOMContentLoaded", openNotices);
  document.addEventListener("click", function (event) {
    var tag = event.target.closest && event.target.closest("a.not-shown-tag");
    if (tag && location.hash === "#not-shown") openNotices();
  });
})();
