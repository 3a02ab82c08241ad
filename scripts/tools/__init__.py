"""The tools stage: the Python packages users run beside the clients, the mock server
(raydium-api-mock, scripts/tools/mock/) and the drift probe (raydium-api-probe,
scripts/tools/probe/). write.py copies each into generated/python/ with the descriptions it
reads and description.py, the reading both share (docs/decisions/, 142)."""
