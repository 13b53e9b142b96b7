#pragma once

#include <openssl/crypto.h>

namespace fleetdeck {

// OpenSSL keeps state per thread (its random generator, its error queue), freed when the thread
// ends. A pooled worker thread outlives its task and may outlive OpenSSL's own cleanup at exit,
// which leaves that state unreachable (LeakSanitizer reports it as a leak). A task that uses
// OpenSSL on a pool thread holds one of these, declared first: the state goes when the task ends
// and the next use makes it anew.
struct OpenSslThreadState {
    OpenSslThreadState() = default;
    OpenSslThreadState(const OpenSslThreadState&) = delete;
    OpenSslThreadState& operator=(const OpenSslThreadState&) = delete;
    ~OpenSslThreadState() { OPENSSL_thread_stop(); }
};

}  // namespace fleetdeck
