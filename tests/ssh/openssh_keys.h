#pragma once

// Keys and hashed names made by OpenSSH's own ssh-keygen, for known_hosts files in tests.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/ssh/test_sshd.h"
#include "tests/support/subprocess.h"

namespace fleetdeck::test {

// "type base64" of an OpenSSH public key line.
inline std::string keyPart(const std::string& publicLine) {
    std::istringstream words(publicLine);
    std::string type, key;
    words >> type >> key;
    return type + " " + key;
}

inline std::string fingerprintOf(const std::filesystem::path& pub) {
    std::istringstream words(run_capture("/usr/bin/ssh-keygen", {"-l", "-E", "sha256", "-f", pub.string()}));
    std::string bits, fingerprint;
    words >> bits >> fingerprint;
    return fingerprint;
}

// A fresh key pair of `type` at dir/name; returns "type base64".
inline std::string freshKey(const std::filesystem::path& dir, const std::string& name, const std::string& type) {
    std::filesystem::remove(dir / name);  // ssh-keygen would ask before overwriting
    std::filesystem::remove(dir / (name + ".pub"));
    run_capture("/usr/bin/ssh-keygen", {"-q", "-t", type, "-N", "", "-C", "other", "-f", (dir / name).string()});
    return keyPart(readFile(dir / (name + ".pub")));
}

// `name` hashed by ssh-keygen -H: "|1|salt|hash".
inline std::string hashedName(const std::filesystem::path& dir, const std::string& name, const std::string& key) {
    const std::filesystem::path file = dir / "to_hash";
    std::ofstream(file) << name << " " << key << "\n";
    run_capture("/usr/bin/ssh-keygen", {"-H", "-f", file.string()});
    std::istringstream words(readFile(file));
    std::string hashed;
    words >> hashed;
    return hashed;
}

}  // namespace fleetdeck::test
