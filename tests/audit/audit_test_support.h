#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/audit/audit_log.h"
#include "app/audit/audit_verify.h"
#include "tests/audit/audit_demo.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck::test {

inline std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

inline void writeFile(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// The file's complete lines, without newlines.
inline std::vector<std::string> readLines(const std::string& path) {
    std::vector<std::string> lines;
    std::istringstream in(readFile(path));
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

inline void writeLines(const std::string& path, const std::vector<std::string>& lines) {
    std::string text;
    for (const auto& line : lines) text += line + "\n";
    writeFile(path, text);
}

// A log in a fresh directory with its own key.
struct LogFixture {
    TempDir dir;
    audit::AuditLog::Paths paths{(dir.path() / "log.jsonl").string(), (dir.path() / "hmac.key").string()};

    // Appends `count` entries about hosts gpu-01…gpu-04.
    void fill(int count) {
        audit::AuditLog log(paths);
        for (int i = 1; i <= count; ++i)
            ASSERT_TRUE(log.record(sampleEvent("gpu-0" + std::to_string(1 + i % 4), i)).ok());
        ASSERT_FALSE(log.flush().has_value());
    }

    audit::AuditKey key() const { return std::get<audit::AuditKey>(audit::AuditKey::load(paths.key)); }

    audit::VerifyReport verify() const {
        auto result = audit::verifyLog(paths.log, key());
        EXPECT_TRUE(std::holds_alternative<audit::VerifyReport>(result));
        return std::get<audit::VerifyReport>(result);
    }
};

}  // namespace fleetdeck::test
