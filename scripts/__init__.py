"""The repository's programs, by pipeline stage: common, spec, clients, release, docs, quality
(README.md, Layout). Run one as `python -m scripts.<stage>.<module>` from the repository's root.
"""
