"""The spec stage: load, validate and check the hand-written descriptions, bundle them with their
code samples, the source-only view and the markers ledger."""
