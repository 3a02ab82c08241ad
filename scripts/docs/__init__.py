"""The docs stage: the reference site's pages from the bundles, and the site's build hooks."""
