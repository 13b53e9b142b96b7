// The translation unit that owns the tests' precompiled header (tests/support/test_pch.h).
#include "tests/support/test_pch.h"
