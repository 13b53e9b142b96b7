#pragma once

#include <filesystem>
#include <string>

namespace fleetdeck::test {

// A fresh directory under $TMPDIR, removed with everything in it when the object goes away.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return path_; }
    // Writes `content` to path()/relative, creating parent directories.
    std::filesystem::path write(const std::string& relative, const std::string& content) const;

private:
    std::filesystem::path path_;
};

}  // namespace fleetdeck::test
