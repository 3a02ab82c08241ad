"""The release stage: the packages and their versions, the breaking-change differ and gate,
releases, their artefacts, records and tags."""
