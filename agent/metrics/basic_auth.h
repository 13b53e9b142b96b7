#pragma once

// Basic auth (RFC 7617) for the metrics endpoint against the bcrypt hashes of a web config's
// basic_auth_users, the way exporter-toolkit checks them (web/handler.go): an unknown user is
// checked against a real hash too, so timing does not tell which names exist, and a verified
// (user, hash, password) is cached, so a scrape every 15 s pays bcrypt once, not every time.
//
// bcrypt comes from the system's libcrypt (libxcrypt's libcrypt.so.1, crypt_rn or crypt_r on a
// "$2b$"/"$2y$"/"$2a$" setting), opened with dlopen like NVML: the agent links no crypto library.
// A bcrypt check takes tens of milliseconds on the one thread that serves every connection, so
// checks that miss the cache draw on a budget of that thread's time: half of each second, saved
// up to half a second (about seven cost-10 checks at once). A miss with the budget spent is
// answered 429 (Retry-After: 1) instead of making everyone else wait; a cached user never meets
// that limit.

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "agent/crypto/hmac_sha256.h"

namespace fleetdeck::agent::metrics {

class BcryptLibrary {
public:
    // libcrypt.so.1; an error sentence when it is missing or cannot check bcrypt hashes.
    static std::unique_ptr<BcryptLibrary> load(std::string* error);
    ~BcryptLibrary();
    BcryptLibrary(const BcryptLibrary&) = delete;
    BcryptLibrary& operator=(const BcryptLibrary&) = delete;

    // crypt(3) of `password` with `hash` as its setting: equal to `hash` when the password is
    // right. Empty on failure.
    std::string hash_with(const std::string& password, const std::string& hash);

private:
    BcryptLibrary() = default;
    void* handle_ = nullptr;
    char* (*crypt_rn_)(const char*, const char*, void*, int) = nullptr;
    char* (*crypt_r_)(const char*, const char*, void*) = nullptr;
    std::vector<char> data_;  // crypt's work area, big enough for any libcrypt's struct crypt_data
};

class BasicAuth {
public:
    using Clock = std::function<std::chrono::steady_clock::time_point()>;
    enum class Verdict { Allowed, Denied, Busy };

    // `users`: name → bcrypt hash, already shape-checked (web_config.h). Checks once that the
    // library computes the first hash's kind; an error sentence otherwise.
    static std::unique_ptr<BasicAuth> create(std::vector<std::pair<std::string, std::string>> users, std::string* error,
                                             Clock clock = std::chrono::steady_clock::now);

    // The Authorization header of a request (empty when it had none).
    Verdict check(std::string_view authorization);
    // bcrypt checks run so far (tests: a cached user costs none).
    int bcrypt_checks() const { return bcrypt_checks_; }

private:
    BasicAuth() = default;
    bool verify(const std::string& password, const std::string& hash);

    std::unique_ptr<BcryptLibrary> bcrypt_;
    std::vector<std::pair<std::string, std::string>> users_;
    Clock clock_;
    std::vector<Sha256Digest> verified_;  // SHA-256 of user, hash and password that passed; oldest first
    std::chrono::steady_clock::duration bcrypt_budget_ = kBcryptBudgetCap;
    std::chrono::steady_clock::time_point budget_at_{};
    static constexpr std::chrono::steady_clock::duration kBcryptBudgetCap = std::chrono::milliseconds(500);
    int bcrypt_checks_ = 0;
};

// "Basic dXNlcjpwYXNz" → ("user", "pass"); false for another scheme or bad base64.
bool decode_basic_credentials(std::string_view authorization, std::string* user, std::string* password);

}  // namespace fleetdeck::agent::metrics
