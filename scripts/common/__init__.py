"""Helpers every stage shares: the repository's paths, running a command, names in each language's
case, versions, make stamps, offline toolchains."""
