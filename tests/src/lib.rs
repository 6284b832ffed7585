//! Shared helpers for the test suites (data location, html5lib formats).
