"""raydium-mcp: an MCP server for the Raydium pool data, swap transaction and perps metadata
services, generated from their OpenAPI descriptions (unofficial).

Run it over stdio with ``python -m raydium_mcp`` (or the ``raydium-mcp`` command). It offers one
tool per operation of the three services (``--tools`` keeps some; ``--dynamic`` offers three tools
that list, describe and call them) and calls the services through the generated Python clients,
so every call keeps their contract: a deadline, typed errors, exact amounts, the quote sent back
unchanged. It never signs or sends a transaction, and no tool returns a secret.

Written by hand in scripts/templates/mcp-server/raydium_mcp and copied by
scripts/clients/mcp_server.py beside the tool catalogue it writes from the bundles
(``tools.json``); edit the first.
"""

__version__ = "0.1.0"
