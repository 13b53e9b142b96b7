#include "agent/metrics/tls_library.h"

#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include <dlfcn.h>

namespace fleetdeck::agent::metrics {

// Constants from openssl/ssl.h (OpenSSL 3.0; the same values in 1.1.1).
namespace {
constexpr int kFiletypePem = 1;                 // SSL_FILETYPE_PEM = X509_FILETYPE_PEM
constexpr int kCtrlMode = 33;                   // SSL_CTRL_MODE
constexpr int kCtrlSetMinProtoVersion = 123;    // SSL_CTRL_SET_MIN_PROTO_VERSION
constexpr int kCtrlSetMaxProtoVersion = 124;    // SSL_CTRL_SET_MAX_PROTO_VERSION
constexpr long kModePartialWrite = 0x1;         // SSL_MODE_ENABLE_PARTIAL_WRITE
constexpr long kModeMovingWriteBuffer = 0x2;    // SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER
constexpr std::uint64_t kOpNoRenegotiation = std::uint64_t(1) << 30;  // SSL_OP_NO_RENEGOTIATION
constexpr int kVerifyNone = 0, kVerifyPeer = 1, kVerifyFailIfNoPeerCert = 2;  // SSL_VERIFY_*
constexpr int kErrorSsl = 1, kErrorWantRead = 2, kErrorWantWrite = 3, kErrorSyscall = 5, kErrorZeroReturn = 6;  // SSL_ERROR_*

// RequestClientCert and RequireAnyClientCert take any certificate, as Go's crypto/tls does.
int accept_any_certificate(int, void*) { return 1; }
}  // namespace

struct TlsSymbols {
    int (*init_ssl)(std::uint64_t, const void*) = nullptr;   // OPENSSL_init_ssl
    const char* (*version_text)(int) = nullptr;               // OpenSSL_version (libcrypto)
    const void* (*server_method)() = nullptr;                 // TLS_server_method
    void* (*ctx_new)(const void*) = nullptr;                  // SSL_CTX_new
    void (*ctx_free)(void*) = nullptr;                        // SSL_CTX_free
    int (*use_chain_file)(void*, const char*) = nullptr;      // SSL_CTX_use_certificate_chain_file
    int (*use_key_file)(void*, const char*, int) = nullptr;   // SSL_CTX_use_PrivateKey_file
    int (*check_key)(const void*) = nullptr;                  // SSL_CTX_check_private_key
    long (*ctx_ctrl)(void*, int, long, void*) = nullptr;      // SSL_CTX_ctrl
    std::uint64_t (*set_options)(void*, std::uint64_t) = nullptr;  // SSL_CTX_set_options (unsigned long in 1.1.1: the same on LP64)
    void (*set_verify)(void*, int, int (*)(int, void*)) = nullptr;  // SSL_CTX_set_verify
    int (*load_verify)(void*, const char*, const char*) = nullptr;  // SSL_CTX_load_verify_locations
    void* (*load_client_ca)(const char*) = nullptr;           // SSL_load_client_CA_file
    void (*set_client_ca)(void*, void*) = nullptr;            // SSL_CTX_set_client_CA_list
    void* (*ssl_new)(void*) = nullptr;                        // SSL_new
    void (*ssl_free)(void*) = nullptr;                        // SSL_free
    int (*set_fd)(void*, int) = nullptr;                      // SSL_set_fd
    int (*accept)(void*) = nullptr;                           // SSL_accept
    int (*read)(void*, void*, int) = nullptr;                 // SSL_read
    int (*write)(void*, const void*, int) = nullptr;          // SSL_write
    int (*get_error)(const void*, int) = nullptr;             // SSL_get_error
    int (*shutdown)(void*) = nullptr;                         // SSL_shutdown
    int (*in_before)(const void*) = nullptr;                  // SSL_in_before (1.1.0)
    unsigned long (*err_get)() = nullptr;                     // ERR_get_error (libcrypto)
    void (*err_string)(unsigned long, char*, std::size_t) = nullptr;  // ERR_error_string_n
    void (*err_clear)() = nullptr;                            // ERR_clear_error
};

namespace {

// Every queued OpenSSL error, oldest first, as one sentence; the queue is left empty.
std::string drain_errors(const TlsSymbols& s) {
    std::string out;
    for (unsigned long e; (e = s.err_get()) != 0;) {
        char buf[256];
        s.err_string(e, buf, sizeof buf);
        out += std::string(out.empty() ? "" : "; ") + buf;
    }
    return out.empty() ? "no detail from OpenSSL" : out;
}

template <typename F>
bool resolve(void* handle, const char* name, F& fn, std::string* missing) {
    fn = reinterpret_cast<F>(::dlsym(handle, name));
    if (!fn) *missing += std::string(missing->empty() ? "" : ", ") + name;
    return fn != nullptr;
}

}  // namespace

TlsSession::~TlsSession() { s_.ssl_free(ssl_); }

TlsSession::Io TlsSession::result(int ret) {
    const int e = s_.get_error(ssl_, ret);
    if (e == kErrorWantRead) return Io::WantRead;
    if (e == kErrorWantWrite) return Io::WantWrite;
    if (e == kErrorZeroReturn || (e == kErrorSyscall && errno == 0)) {
        s_.err_clear();
        return Io::Closed;
    }
    error_ = e == kErrorSyscall ? std::string(std::strerror(errno)) : drain_errors(s_);
    if (e != kErrorSsl) s_.err_clear();
    return Io::Failed;
}

TlsSession::Io TlsSession::handshake() {
    errno = 0;
    const int r = s_.accept(ssl_);
    return r == 1 ? Io::Done : result(r);
}

TlsSession::Io TlsSession::read(char* buf, std::size_t size, std::size_t* n) {
    errno = 0;
    const int r = s_.read(ssl_, buf, static_cast<int>(size > INT_MAX ? INT_MAX : size));
    if (r > 0) {
        *n = static_cast<std::size_t>(r);
        return Io::Done;
    }
    return result(r);
}

TlsSession::Io TlsSession::write(const char* data, std::size_t size, std::size_t* n) {
    errno = 0;
    const int r = s_.write(ssl_, data, static_cast<int>(size > INT_MAX ? INT_MAX : size));
    if (r > 0) {
        *n = static_cast<std::size_t>(r);
        return Io::Done;
    }
    return result(r);
}

bool TlsSession::hello_read() const { return s_.in_before(ssl_) == 0; }

void TlsSession::close_notify() {
    s_.shutdown(ssl_);
    s_.err_clear();
}

std::unique_ptr<TlsServer> TlsServer::create(const TlsServerConfig& config, std::string* error) {
    std::unique_ptr<TlsServer> server(new TlsServer);
    // FLEETDECK_LIBSSL names one library to use instead (tests, or a site's own build).
    const char* chosen = std::getenv("FLEETDECK_LIBSSL");
    std::string tried;
    for (const char* name : {"libssl.so.3", "libssl.so.1.1"}) {
        const char* path = chosen && *chosen ? chosen : name;
        server->handle_ = ::dlopen(path, RTLD_NOW | RTLD_LOCAL);
        if (server->handle_) break;
        tried += std::string(tried.empty() ? "" : "; ") + ::dlerror();
        if (chosen && *chosen) break;
    }
    if (!server->handle_) {
        *error = "tls_server_config needs OpenSSL's libssl (libssl.so.3 or libssl.so.1.1; Debian/Ubuntu package libssl3, "
                 "RHEL openssl-libs), and none could be loaded: " + tried;
        return nullptr;
    }
    server->s_ = std::make_unique<TlsSymbols>();
    TlsSymbols& s = *server->s_;
    std::string missing;
    void* h = server->handle_;
    // dlsym on libssl's handle also finds libcrypto's functions: it searches the library's dependencies.
    resolve(h, "OPENSSL_init_ssl", s.init_ssl, &missing);
    resolve(h, "OpenSSL_version", s.version_text, &missing);
    resolve(h, "TLS_server_method", s.server_method, &missing);
    resolve(h, "SSL_CTX_new", s.ctx_new, &missing);
    resolve(h, "SSL_CTX_free", s.ctx_free, &missing);
    resolve(h, "SSL_CTX_use_certificate_chain_file", s.use_chain_file, &missing);
    resolve(h, "SSL_CTX_use_PrivateKey_file", s.use_key_file, &missing);
    resolve(h, "SSL_CTX_check_private_key", s.check_key, &missing);
    resolve(h, "SSL_CTX_ctrl", s.ctx_ctrl, &missing);
    resolve(h, "SSL_CTX_set_options", s.set_options, &missing);
    resolve(h, "SSL_CTX_set_verify", s.set_verify, &missing);
    resolve(h, "SSL_CTX_load_verify_locations", s.load_verify, &missing);
    resolve(h, "SSL_load_client_CA_file", s.load_client_ca, &missing);
    resolve(h, "SSL_CTX_set_client_CA_list", s.set_client_ca, &missing);
    resolve(h, "SSL_new", s.ssl_new, &missing);
    resolve(h, "SSL_free", s.ssl_free, &missing);
    resolve(h, "SSL_set_fd", s.set_fd, &missing);
    resolve(h, "SSL_accept", s.accept, &missing);
    resolve(h, "SSL_read", s.read, &missing);
    resolve(h, "SSL_write", s.write, &missing);
    resolve(h, "SSL_get_error", s.get_error, &missing);
    resolve(h, "SSL_shutdown", s.shutdown, &missing);
    resolve(h, "SSL_in_before", s.in_before, &missing);
    resolve(h, "ERR_get_error", s.err_get, &missing);
    resolve(h, "ERR_error_string_n", s.err_string, &missing);
    resolve(h, "ERR_clear_error", s.err_clear, &missing);
    if (!missing.empty()) {
        *error = "the loaded libssl lacks " + missing + " (OpenSSL 1.1.0 or newer is needed)";
        return nullptr;
    }
    s.init_ssl(0, nullptr);
    server->ctx_ = s.ctx_new(s.server_method());
    if (!server->ctx_) {
        *error = "OpenSSL could not make a TLS context: " + drain_errors(s);
        return nullptr;
    }
    void* ctx = server->ctx_;
    const auto failed = [&](const std::string& what) {
        *error = what + ": " + drain_errors(s);
        return nullptr;
    };
    if (s.use_chain_file(ctx, config.cert_file.c_str()) != 1) return failed("cannot use cert_file " + config.cert_file);
    if (s.use_key_file(ctx, config.key_file.c_str(), kFiletypePem) != 1) return failed("cannot use key_file " + config.key_file);
    if (s.check_key(ctx) != 1) return failed("key_file " + config.key_file + " does not match cert_file " + config.cert_file);
    if (s.ctx_ctrl(ctx, kCtrlSetMinProtoVersion, config.min_version, nullptr) != 1 ||
        s.ctx_ctrl(ctx, kCtrlSetMaxProtoVersion, config.max_version, nullptr) != 1)
        return failed("this OpenSSL cannot serve the TLS versions asked for");
    // Partial writes and a write buffer that may move: the poll loop resumes a write where it stopped.
    s.ctx_ctrl(ctx, kCtrlMode, kModePartialWrite | kModeMovingWriteBuffer, nullptr);
    s.set_options(ctx, kOpNoRenegotiation);  // a client cannot make the one serving thread redo handshakes
    if (!config.client_ca_file.empty()) {
        if (s.load_verify(ctx, config.client_ca_file.c_str(), nullptr) != 1)
            return failed("cannot use client_ca_file " + config.client_ca_file);
        if (void* names = s.load_client_ca(config.client_ca_file.c_str())) s.set_client_ca(ctx, names);
    }
    switch (config.client_auth) {
    case ClientAuth::NoClientCert: s.set_verify(ctx, kVerifyNone, nullptr); break;
    case ClientAuth::RequestClientCert: s.set_verify(ctx, kVerifyPeer, accept_any_certificate); break;
    case ClientAuth::RequireAnyClientCert: s.set_verify(ctx, kVerifyPeer | kVerifyFailIfNoPeerCert, accept_any_certificate); break;
    case ClientAuth::VerifyClientCertIfGiven: s.set_verify(ctx, kVerifyPeer, nullptr); break;
    case ClientAuth::RequireAndVerifyClientCert: s.set_verify(ctx, kVerifyPeer | kVerifyFailIfNoPeerCert, nullptr); break;
    }
    return server;
}

TlsServer::~TlsServer() {
    if (ctx_) s_->ctx_free(ctx_);
    // The library stays loaded: OpenSSL's atexit handlers live in it.
}

std::unique_ptr<TlsSession> TlsServer::session(int fd) {
    void* ssl = s_->ssl_new(ctx_);
    if (!ssl) return nullptr;
    std::unique_ptr<TlsSession> session(new TlsSession(*s_, ssl));
    if (s_->set_fd(ssl, fd) != 1) return nullptr;
    return session;
}

std::string TlsServer::library_version() const { return s_->version_text(0); }  // OPENSSL_VERSION

}  // namespace fleetdeck::agent::metrics
