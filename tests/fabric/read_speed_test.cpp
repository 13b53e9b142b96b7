// The data path's read test (agent/probe/read_speed_probe.h) on real file systems: this machine's
// disk (the test's temporary directory), a tmpfs that refuses O_DIRECT and one too small for the
// test file, both mounted in a mount namespace of the test's own; the mount table parsed from the
// kernel's own /proc/thread-self/mounts, a mount point with a space included.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/mount.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>

#include "agent/probe/read_speed_probe.h"
#include "tests/ssh/mount_namespace.h"

using namespace fleetdeck;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> entries(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
    return names;
}

// Whether this file system takes O_DIRECT, asked the way the probe asks.
bool takesODirect(const fs::path& dir) {
    const fs::path probe = dir / "odirect-probe";
    std::ofstream(probe) << "x";
    const int fd = ::open(probe.c_str(), O_RDONLY | O_DIRECT);
    if (fd >= 0) ::close(fd);
    fs::remove(probe);
    return fd >= 0;
}

bool makesUnnamedFiles(const fs::path& dir) {
    const int fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR, 0600);
    if (fd >= 0) ::close(fd);
    return fd >= 0;
}

std::string readText(const char* path) {
    std::ifstream in(path);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

struct Scratch {
    fs::path dir = fs::temp_directory_path() / ("fleetdeck-read-speed-" + std::to_string(::getpid()));
    Scratch() { fs::create_directories(dir); }
    ~Scratch() { fs::remove_all(dir); }
};

const std::atomic<bool> kRun{false};

}  // namespace

TEST(ReadSpeed, AWrittenTestFileIsReadWhollyAndRemoved) {
    Scratch s;
    protocol::ReadSpeedParams p;
    p.path = s.dir.string();
    p.size_bytes = 32 << 20;
    const auto r = agent::measure_read_speed(p, "", kRun);
    ASSERT_FALSE(r.error) << *r.error;
    EXPECT_TRUE(r.written);
    EXPECT_EQ(r.bytes, p.size_bytes);
    EXPECT_GT(r.seconds, 0);
    ASSERT_TRUE(r.mb_per_s);
    EXPECT_NEAR(*r.mb_per_s, static_cast<double>(r.bytes) / r.seconds / 1e6, 0.1);
    EXPECT_EQ(r.direct, takesODirect(s.dir));
    // An unnamed file where the file system makes one (O_TMPFILE), else a named one, removed.
    EXPECT_EQ(!r.file.has_value(), makesUnnamedFiles(s.dir)) << r.file.value_or("");
    if (r.file) {
        EXPECT_TRUE(r.file->starts_with(".fleetdeck-read-test-")) << *r.file;
    }
    EXPECT_TRUE(r.filesystem && !r.filesystem->empty());
    EXPECT_TRUE(entries(s.dir).empty()) << "the test file was removed";
}

TEST(ReadSpeed, AnExistingFileIsReadUpToTheSizeAndLeftAlone) {
    Scratch s;
    {
        std::ofstream data(s.dir / "shard-0000.tar", std::ios::binary);
        const std::string block(1 << 20, 'd');
        for (int i = 0; i < 40; ++i) data << block;
    }
    protocol::ReadSpeedParams p;
    p.path = s.dir.string();
    p.file = "shard-0000.tar";
    p.size_bytes = 16 << 20;
    auto r = agent::measure_read_speed(p, "", kRun);
    ASSERT_FALSE(r.error) << *r.error;
    EXPECT_FALSE(r.written);
    EXPECT_EQ(r.bytes, 16 << 20) << "stops at size_bytes";
    p.size_bytes = 1 << 30;
    r = agent::measure_read_speed(p, "", kRun);
    EXPECT_EQ(r.bytes, 40 << 20) << "or at the end of the file";
    EXPECT_EQ(entries(s.dir), std::vector<std::string>{"shard-0000.tar"});

    // A link is not followed, a directory is not a file, and a path that is no directory says so.
    fs::create_symlink("/etc/hostname", s.dir / "link");
    p.file = "link";
    r = agent::measure_read_speed(p, "", kRun);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.bytes, 0);
    EXPECT_FALSE(r.mb_per_s);
    fs::create_directory(s.dir / "sub");
    p.file = "sub";
    r = agent::measure_read_speed(p, "", kRun);
    EXPECT_TRUE(r.error && r.error->find("not a regular file") != std::string::npos) << r.error.value_or("");
    p.file.reset();
    p.path = (s.dir / "shard-0000.tar").string();
    r = agent::measure_read_speed(p, "", kRun);
    EXPECT_TRUE(r.error && r.error->find("not a directory") != std::string::npos) << r.error.value_or("");
    p.path = (s.dir / "missing").string();
    r = agent::measure_read_speed(p, "", kRun);
    EXPECT_TRUE(r.error && r.error->find("No such file or directory") != std::string::npos) << r.error.value_or("");
}

// ramfs answers EINVAL to O_DIRECT (so does tmpfs before Linux 6.6): a file there is read
// through the page cache, and the result says so; a tmpfs with less than twice the file's size
// free refuses the test and writes nothing. Mounted in the test's own mount namespace, one on a
// directory whose name has a space, which the kernel's mount table escapes.
TEST(ReadSpeed, WithoutODirectThePageCacheIsSaidAndASmallFileSystemRefusesTheTest) {
    Scratch s;
    test::Mounted mounted;
    ASSERT_TRUE(test::ownMountNamespace()) << "the test needs CAP_SYS_ADMIN for a mount namespace";
    const fs::path roomy = s.dir / "data set", small = s.dir / "small";
    fs::create_directories(roomy);
    fs::create_directories(small);
    ASSERT_EQ(::mount("ramfs", roomy.c_str(), "ramfs", 0, nullptr), 0);
    mounted.points.push_back(roomy);
    ASSERT_EQ(::mount("tmpfs", small.c_str(), "tmpfs", 0, "size=40m"), 0);
    mounted.points.push_back(small);

    const std::string table = readText("/proc/thread-self/mounts");
    const auto where = agent::mount_of(table, roomy.string());
    ASSERT_TRUE(where) << table;
    EXPECT_EQ(where->mount_point, roomy.string()) << "\\040 in the table is the space";
    EXPECT_EQ(where->type, "ramfs");

    ASSERT_FALSE(takesODirect(roomy));
    {
        std::ofstream data(roomy / "shard", std::ios::binary);
        const std::string block(1 << 20, 's');
        for (int i = 0; i < 24; ++i) data << block;
    }
    protocol::ReadSpeedParams p;
    p.path = roomy.string();
    p.file = "shard";
    auto r = agent::measure_read_speed(p, "", kRun);
    ASSERT_FALSE(r.error) << *r.error;
    EXPECT_FALSE(r.direct);
    EXPECT_EQ(r.filesystem, "ramfs");
    EXPECT_EQ(r.path, roomy.string());
    EXPECT_EQ(r.bytes, 24 << 20);
    p.file.reset();

    p.path = small.string();
    p.size_bytes = 32 << 20;
    r = agent::measure_read_speed(p, "", kRun);
    ASSERT_TRUE(r.error);
    EXPECT_TRUE(r.error->starts_with("refused: ")) << *r.error;
    EXPECT_NE(r.error->find("twice its size"), std::string::npos) << *r.error;
    EXPECT_FALSE(r.written);
    EXPECT_TRUE(entries(small).empty()) << "nothing written";
}

// Under --root the directory is the tree's, and a path that climbs out of it is refused.
TEST(ReadSpeed, UnderARootTreeNothingOutsideItIsRead) {
    Scratch s;
    fs::create_directories(s.dir / "tree/data");
    protocol::ReadSpeedParams p;
    p.path = "/data";
    p.size_bytes = 16 << 20;
    auto r = agent::measure_read_speed(p, (s.dir / "tree").string(), kRun);
    ASSERT_FALSE(r.error) << *r.error;
    EXPECT_EQ(r.path, "/data");
    p.path = "/../../../../../../../tmp";
    r = agent::measure_read_speed(p, (s.dir / "tree").string(), kRun);
    ASSERT_TRUE(r.error);
    EXPECT_NE(r.error->find("outside the tree"), std::string::npos) << *r.error;
    EXPECT_EQ(r.bytes, 0);
}

TEST(ReadSpeed, AStopRemovesTheFileItWasWriting) {
    Scratch s;
    protocol::ReadSpeedParams p;
    p.path = s.dir.string();
    p.size_bytes = 32 << 20;
    const std::atomic<bool> stop{true};
    const auto r = agent::measure_read_speed(p, "", stop);
    ASSERT_TRUE(r.error);
    EXPECT_TRUE(entries(s.dir).empty());
}

TEST(ReadSpeed, TheLongestMountPointHoldingThePathWins) {
    const std::string table =
        "/dev/vda1 / ext4 rw,relatime 0 0\n"
        "filer:/datasets /mnt/data nfs4 rw,relatime,vers=4.2 0 0\n"
        "/dev/nvme0n1p1 /mnt/data/cache xfs rw 0 0\n"
        "tmpfs /mnt/database tmpfs rw 0 0\n";
    EXPECT_EQ(agent::mount_of(table, "/mnt/data/imagenet")->source, "filer:/datasets");
    EXPECT_EQ(agent::mount_of(table, "/mnt/data/cache/x")->type, "xfs");
    EXPECT_EQ(agent::mount_of(table, "/mnt/databases")->mount_point, "/") << "a prefix of a name is not a parent";
    EXPECT_EQ(agent::mount_of(table, "/mnt/data")->type, "nfs4");
    EXPECT_FALSE(agent::mount_of("", "/x"));
}
