<?php
// The vendor/autoload.php of the code samples for tests/clients/test_code_samples.py, which
// writes it with AUTOLOAD (scripts/clients/autoload.php) and PREFIXES (each client's namespace
// and lib folder, a JSON object in a string) filled in: what composer would write, with Debian's
// Guzzle, the shared runtime and each client's classes by namespace.
require_once AUTOLOAD;
raydium_autoload(json_decode(PREFIXES, true));
