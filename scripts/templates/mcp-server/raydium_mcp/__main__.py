"""``python -m raydium_mcp``: the MCP server over stdio (``--help`` lists the options)."""

from .server import main

raise SystemExit(main())
