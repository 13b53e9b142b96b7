#include "agent/metrics/basic_auth.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include <dlfcn.h>

namespace fleetdeck::agent::metrics {
namespace {

// libxcrypt's struct crypt_data is 32768 bytes (its crypt.h, 4.4.33); glibc's own libcrypt (RHEL 7)
// has one of 131232 bytes on 64-bit (glibc crypt/crypt.h: four 32 KiB S-boxes and a key schedule).
// The area is larger than both.
constexpr std::size_t kCryptDataBytes = 256 * 1024;
constexpr std::size_t kCacheEntries = 64;

// Equal without an early exit, so the time taken does not say how much of a hash matched.
bool same_bytes(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    unsigned char diff = 0;
    for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

int base64_value(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

// RFC 4648 §4 base64 with its padding, as Go's base64.StdEncoding reads it for r.BasicAuth().
bool decode_base64(std::string_view in, std::string* out) {
    if (in.empty() || in.size() % 4 != 0) return false;
    out->clear();
    for (std::size_t i = 0; i < in.size(); i += 4) {
        int v[4];
        int pad = 0;
        for (int k = 0; k < 4; ++k) {
            const char c = in[i + k];
            if (c == '=' && i + 4 == in.size() && k >= 2) { v[k] = 0; ++pad; continue; }
            if (pad || (v[k] = base64_value(c)) < 0) return false;
        }
        const unsigned n = (unsigned(v[0]) << 18) | (unsigned(v[1]) << 12) | (unsigned(v[2]) << 6) | unsigned(v[3]);
        out->push_back(static_cast<char>(n >> 16));
        if (pad < 2) out->push_back(static_cast<char>((n >> 8) & 0xff));
        if (pad < 1) out->push_back(static_cast<char>(n & 0xff));
    }
    return true;
}

}  // namespace

bool decode_basic_credentials(std::string_view authorization, std::string* user, std::string* password) {
    // The scheme name is case-insensitive (RFC 9110 §11.1).
    if (authorization.size() < 6) return false;
    std::string scheme(authorization.substr(0, 6));
    std::transform(scheme.begin(), scheme.end(), scheme.begin(), [](unsigned char c) { return std::tolower(c); });
    if (scheme != "basic ") return false;
    std::string plain;
    if (!decode_base64(authorization.substr(6), &plain)) return false;
    const auto colon = plain.find(':');
    if (colon == std::string::npos) return false;
    *user = plain.substr(0, colon);
    *password = plain.substr(colon + 1);
    return true;
}

std::unique_ptr<BcryptLibrary> BcryptLibrary::load(std::string* error) {
    void* handle = ::dlopen("libcrypt.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        *error = "basic_auth_users needs the system's libcrypt (libcrypt.so.1, package libcrypt1 or libxcrypt): " +
                 std::string(::dlerror());
        return nullptr;
    }
    std::unique_ptr<BcryptLibrary> lib(new BcryptLibrary);
    lib->handle_ = handle;
    // crypt_rn (libxcrypt) takes the area's size; crypt_r (every libcrypt) only its address.
    lib->crypt_rn_ = reinterpret_cast<char* (*)(const char*, const char*, void*, int)>(::dlsym(handle, "crypt_rn"));
    lib->crypt_r_ = reinterpret_cast<char* (*)(const char*, const char*, void*)>(::dlsym(handle, "crypt_r"));
    if (!lib->crypt_rn_ && !lib->crypt_r_) {
        *error = "the system's libcrypt.so.1 has neither crypt_rn nor crypt_r";
        return nullptr;
    }
    lib->data_.assign(kCryptDataBytes, '\0');
    return lib;
}

BcryptLibrary::~BcryptLibrary() {
    if (handle_) ::dlclose(handle_);
}

std::string BcryptLibrary::hash_with(const std::string& password, const std::string& hash) {
    std::fill(data_.begin(), data_.end(), '\0');
    const char* out = crypt_rn_ ? crypt_rn_(password.c_str(), hash.c_str(), data_.data(), static_cast<int>(data_.size()))
                                : crypt_r_(password.c_str(), hash.c_str(), data_.data());
    // A failure is a null pointer (crypt_rn) or a string starting with '*' (crypt_r, crypt(3)).
    std::string result = out && out[0] != '*' ? std::string(out) : std::string();
    std::fill(data_.begin(), data_.end(), '\0');  // the password passed through it
    return result;
}

std::unique_ptr<BasicAuth> BasicAuth::create(std::vector<std::pair<std::string, std::string>> users, std::string* error,
                                             Clock clock) {
    std::unique_ptr<BasicAuth> auth(new BasicAuth);
    auth->bcrypt_ = BcryptLibrary::load(error);
    if (!auth->bcrypt_) return nullptr;
    auth->users_ = std::move(users);
    auth->clock_ = std::move(clock);
    auth->budget_at_ = auth->clock_();
    if (!auth->users_.empty()) {
        const std::string& sample = auth->users_.front().second;
        const std::string out = auth->bcrypt_->hash_with("fleetdeck-agent self-check", sample);
        if (out.size() != sample.size() || out.compare(0, 7, sample, 0, 7) != 0) {
            *error = "the system's libcrypt cannot check bcrypt hashes (" + sample.substr(0, 4) +
                     "); it needs libxcrypt (glibc's own libcrypt has no bcrypt)";
            return nullptr;
        }
    }
    return auth;
}

bool BasicAuth::verify(const std::string& password, const std::string& hash) {
    ++bcrypt_checks_;
    const auto started = clock_();
    const std::string out = bcrypt_->hash_with(password, hash);
    const auto done = clock_();
    bcrypt_budget_ -= done - started;
    budget_at_ = done;
    return !out.empty() && same_bytes(out, hash);
}

BasicAuth::Verdict BasicAuth::check(std::string_view authorization) {
    std::string user, password;
    if (users_.empty() || !decode_basic_credentials(authorization, &user, &password)) return Verdict::Denied;
    const auto known = std::find_if(users_.begin(), users_.end(), [&](const auto& u) { return u.first == user; });
    // An unknown user is checked against a real hash of the same cost, as exporter-toolkit does.
    const std::string& hash = known != users_.end() ? known->second : users_.front().second;
    std::string key = user;
    key.append(1, '\0').append(hash).append(1, '\0').append(password);
    const Sha256Digest digest = sha256(key);
    std::fill(key.begin(), key.end(), '\0');
    if (known != users_.end() && std::find(verified_.begin(), verified_.end(), digest) != verified_.end())
        return Verdict::Allowed;
    // The budget grows by half the time that passed, up to its cap.
    const auto now = clock_();
    bcrypt_budget_ = std::min(kBcryptBudgetCap, bcrypt_budget_ + (now - budget_at_) / 2);
    budget_at_ = now;
    if (bcrypt_budget_ <= std::chrono::steady_clock::duration::zero()) return Verdict::Busy;
    const bool ok = verify(password, hash) && known != users_.end();
    std::fill(password.begin(), password.end(), '\0');
    if (!ok) return Verdict::Denied;
    if (verified_.size() >= kCacheEntries) verified_.erase(verified_.begin());
    verified_.push_back(digest);
    return Verdict::Allowed;
}

}  // namespace fleetdeck::agent::metrics
