#pragma once

// What almost every test batch includes, precompiled once per build tree and reused by every test
// executable (fleetdeck_test in tests/CMakeLists.txt; docs/BENCHMARKS.md, "Build time"). Only
// headers whose meaning does not depend on a test's own definitions (no QtTest, no QtWidgets).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <QByteArray>
#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <gtest/gtest.h>

#include "agent/json/json.h"
