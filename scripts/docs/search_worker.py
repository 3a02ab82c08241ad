"""mkdocs hook (mkdocs.yml `hooks:`): mends lunr's `TokenSet.toString` in the site's search worker.

mkdocs-material bundles lunr 2.3.9, lunr's last release, into its search worker
(`assets/javascripts/workers/search.*.min.js`). lunr's `TokenSet.toString` writes a node as its
final flag followed by each edge's label and the child's id, with nothing between them. An edge
"1" to node 234 and the two edges "1" to node 2 and "3" to node 4 both write "01234". The
builder minimises the token set by that string, so once enough terms hold digits it merges two
different nodes. A wildcard query then expands to a term the index does not hold, lunr throws,
and the reader sees "No matching documents" (docs/decisions/, 134). This hook ends each edge
with a comma in the built worker. A label is one UTF-16 code unit and an id is digits, so the
string can be read back one way only. The build fails, naming the file, when the worker no
longer has the code this mends.
"""

from __future__ import annotations

import re
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError

WORKERS = "assets/javascripts/workers"
# the minified loop's last statement, `e=e+s+o.id}` (mended: `e=e+s+o.id+","}`), inside TokenSet.prototype.toString
TO_STRING = re.compile(r"(TokenSet\.prototype\.toString=function\(\)\{[^}]*\{[^}]*?)"
                       r'(\w+)=\2\+(\w+)\+(\w+)\.id(\+",")?\}')


def worker_in(folder: Path) -> Path:
    """The one search worker (search.*.min.js) in `folder`; ValueError when there is not exactly one."""
    workers = sorted(folder.glob("search.*.min.js"))
    if len(workers) != 1:
        raise ValueError(f"expected one search worker (search.*.min.js), found {[w.name for w in workers]}")
    return workers[0]


def mend(source: str) -> str:
    """The worker's source with each token-set edge ended by a comma; the source itself when it
    is mended already (a dirty rebuild keeps the copy). ValueError when the statement is not found once."""
    mended, count = TO_STRING.subn(lambda m: f'{m[1]}{m[2]}={m[2]}+{m[3]}+{m[4]}.id+","}}', source)
    if count != 1:
        raise ValueError(f"lunr's TokenSet.prototype.toString statement was found {count} times, not once")
    return mended


def on_post_build(config: MkDocsConfig) -> None:
    folder = Path(config.site_dir) / WORKERS
    try:
        worker = worker_in(folder)
        source = worker.read_text(encoding="utf-8")
        mended = mend(source)
    except ValueError as error:
        raise PluginError(f"{folder}: {error}; mkdocs-material changed its search worker, so check whether lunr's "
                          "TokenSet.toString still needs mending (docs/decisions/, 134)") from error  # fmt: skip
    if mended != source:
        worker.write_text(mended, encoding="utf-8")
