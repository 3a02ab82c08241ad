from __future__ import annotations

from .probe import main

raise SystemExit(main())
