// A "not shown" tag on an operation page links to the page's one box of notices
// (#not-shown, a span in its own paragraph just before that box's <details>): following it
// opens the box, so the reader lands on the list, not on a closed bar. Also on load, for a
// link from elsewhere.
(function () {
  function openNotices() {
    var anchor = location.hash === "#not-shown" && document.getElementById("not-shown");
    var box = anchor && anchor.parentElement.nextElementSibling;
    if (box && box.tagName === "DETAILS") box.open = true;
  }
  window.addEventListener("hashchange", openNotices);
  document.addEventListener("DOMContentLoaded", openNotices);
  // a tag followed while the address already ends in #not-shown changes no hash
  document.addEventListener("click", function (event) {
    if (event.target.closest("a.not-shown-tag")) openNotices();
  });
})();
