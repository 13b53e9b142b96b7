#include "tests/ssh/test_sshd.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <thread>

#include "tests/support/subprocess.h"

namespace fleetdeck::test {
namespace fs = std::filesystem;

std::string loginShellFixture(const std::string& name) {
    return readFile(fs::path(FLEETDECK_SOURCE_DIR) / "tests/fixtures/login-shell" / name);
}

std::string readFile(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string generateKey(const fs::path& path, const std::string& passphrase) {
    fs::remove(path);
    fs::remove(path.string() + ".pub");
    run_capture("/usr/bin/ssh-keygen", {"-q", "-t", "ed25519", "-N", passphrase, "-C", "fleetdeck-test", "-f", path.string()});
    return readFile(path.string() + ".pub");
}

int freeLoopbackPort() {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
    socklen_t len = sizeof addr;
    getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
    close(fd);
    return ntohs(addr.sin_port);
}

namespace {

bool accepts(const std::string& address, int port) {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(port));
    inet_pton(AF_INET, address.c_str(), &addr.sin_addr);
    const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
    close(fd);
    return ok;
}

// Process ids whose parent is `parent`, read from /proc (sshd's session processes).
std::vector<pid_t> childrenOf(pid_t parent) {
    std::vector<pid_t> out;
    for (const auto& entry : fs::directory_iterator("/proc")) {
        const std::string name = entry.path().filename();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        const std::string stat = readFile(entry.path() / "stat");
        const auto close = stat.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream rest(stat.substr(close + 2));
        char state;
        pid_t ppid = 0;
        rest >> state >> ppid;
        if (ppid == parent) out.push_back(static_cast<pid_t>(std::stoi(name)));
    }
    return out;
}

}  // namespace

TestSshd::TestSshd(fs::path dir, std::string authorizedKeys, Options options)
    : dir_(std::move(dir)), options_(std::move(options)), port_(freeLoopbackPort()) {
    fs::create_directories(dir_);
    fs::create_directories("/run/sshd");  // sshd's privilege separation directory
    std::ofstream(dir_ / "authorized_keys") << authorizedKeys;
    regenerateHostKey();
}

TestSshd::~TestSshd() { kill(); }

void TestSshd::regenerateHostKey() { generateKey(dir_ / "host_ed25519_key"); }

void TestSshd::writeConfig() const {
    std::ofstream c(dir_ / "sshd_config");
    c << "Port " << port_ << "\n";
    for (const std::string& a : options_.listenAddresses) c << "ListenAddress " << a << "\n";
    c << "HostKey " << (dir_ / "host_ed25519_key").string() << "\n"
      << "PidFile " << (dir_ / "sshd.pid").string() << "\n"
      << "AuthorizedKeysFile " << (dir_ / "authorized_keys").string() << "\n"
      << "StrictModes no\nUsePAM no\nPermitRootLogin prohibit-password\n"
      << "PasswordAuthentication no\nKbdInteractiveAuthentication no\n"
      << "AllowTcpForwarding yes\nMaxStartups " << options_.maxStartups << "\nMaxSessions 50\n"
      << "LogLevel " << options_.logLevel << "\n";
    if (options_.sftp) c << "Subsystem sftp /usr/lib/openssh/sftp-server\n";
    const fs::path home = dir_ / "remote-home";
    fs::create_directories(home);
    std::ofstream(home / ".bashrc") << options_.loginBashrc;
    // One SetEnv line: sshd takes the first SetEnv it reads.
    c << "SetEnv HOME=" << home.string();
    if (!options_.remoteCacheHome.empty()) c << " XDG_CACHE_HOME=" << options_.remoteCacheHome;
    c << "\n" << extraConfig_;
}

bool TestSshd::start() {
    kill();
    writeConfig();
    process_.setProgram(QStringLiteral("/usr/sbin/sshd"));
    process_.setArguments({QStringLiteral("-D"), QStringLiteral("-e"), QStringLiteral("-f"),
                           QString::fromStdString((dir_ / "sshd_config").string())});
    process_.setStandardErrorFile(QString::fromStdString((dir_ / "sshd.log").string()), QIODevice::Append);
    process_.setStandardOutputFile(QProcess::nullDevice());
    process_.start();
    if (!process_.waitForStarted(5000)) return false;
    for (int i = 0; i < 250; ++i) {
        if (accepts(options_.listenAddresses.front(), port_)) return true;
        if (process_.state() != QProcess::Running) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

void TestSshd::kill() {
    if (process_.state() == QProcess::NotRunning) return;
    const pid_t master = static_cast<pid_t>(process_.processId());
    for (pid_t child : childrenOf(master)) ::kill(child, SIGKILL);
    process_.kill();
    process_.waitForFinished(5000);
}

void TestSshd::killSessions() {
    if (process_.state() == QProcess::NotRunning) return;
    std::vector<pid_t> sessions;
    std::vector<pid_t> frontier{static_cast<pid_t>(process_.processId())};
    while (!frontier.empty()) {
        const pid_t parent = frontier.back();
        frontier.pop_back();
        for (pid_t child : childrenOf(parent)) {
            if (readFile(fs::path("/proc") / std::to_string(child) / "comm").rfind("sshd", 0) != 0) continue;
            sessions.push_back(child);
            frontier.push_back(child);
        }
    }
    for (pid_t pid : sessions) ::kill(pid, SIGKILL);
}

std::string TestSshd::hostKeyFingerprint() const {
    const std::string out = run_capture("/usr/bin/ssh-keygen", {"-l", "-E", "sha256", "-f", (dir_ / "host_ed25519_key.pub").string()});
    std::istringstream words(out);
    std::string bits, fingerprint;
    words >> bits >> fingerprint;
    return fingerprint;
}

std::string TestSshd::knownHostsLine(const std::string& address) const {
    std::istringstream pub(readFile(dir_ / "host_ed25519_key.pub"));
    std::string type, key;
    pub >> type >> key;
    return "[" + address + "]:" + std::to_string(port_) + " " + type + " " + key + "\n";
}

std::string TestSshd::log() const { return readFile(dir_ / "sshd.log"); }

}  // namespace fleetdeck::test
