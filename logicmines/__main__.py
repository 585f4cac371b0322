"""`python -m logicmines`: the same program as the `logicmines` command."""

from .cli import main

raise SystemExit(main())
