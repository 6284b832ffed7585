"""bleach with its default policy (`bleach.clean`), as a litmus sanitizer."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sanitizer_protocol  # noqa: E402

sanitizer_protocol.drop_own_folder()
import bleach  # noqa: E402

sanitizer_protocol.serve("bleach", "bleach %s" % bleach.__version__, bleach.clean)
