"""nh3 (ammonia through Python) with its default policy (`nh3.clean`), as a litmus
sanitizer."""

import os
import sys
from importlib.metadata import version

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sanitizer_protocol  # noqa: E402

sanitizer_protocol.drop_own_folder()
import nh3  # noqa: E402

sanitizer_protocol.serve("nh3", "nh3 %s" % version("nh3"), nh3.clean)
