#pragma once

#include <map>
#include <mutex>
#include <optional>

#include <QString>

namespace fleetdeck::ssh {

struct ConnectPlan;

// How many connects may be in flight through one gateway at once: the jump host's sshd counts each
// connection that has not yet logged in against its MaxStartups, and OpenSSH's default,
// "MaxStartups 10:30:100", starts refusing 30 % of new connections beyond 10 of them
// (sshd_config(5), MaxStartups). A thousand hosts behind one bastion, connected at start or after a
// network blip, would otherwise meet refusals (and the backoff that follows them); 8 leaves the
// bastion room for its other users. Direct hosts are each their own server: the connect pool's
// size is their only bound.
class ConnectGates {
public:
    static constexpr int kPerGateway = 8;

    // The gate a connect goes through: its first ProxyJump hop (as written, lower-cased), or its
    // ProxyCommand with the target's host and port put back as %h and %p (so that every host the
    // same command reaches counts against one gate); empty for a direct connect.
    static QString gatewayOf(const ConnectPlan& plan);

    // The process's gates (connect workers of every transport share them).
    static ConnectGates& instance();

    explicit ConnectGates(int perGateway = kPerGateway) : perGateway_(perGateway) {}

    // A place in the gate while it lives; empty when `perGateway` connects are in flight there
    // (the caller tries again later, without holding a thread meanwhile).
    class Slot {
    public:
        Slot(Slot&& other) noexcept : gates_(other.gates_), gateway_(std::move(other.gateway_)) { other.gates_ = nullptr; }
        Slot& operator=(Slot&&) = delete;
        ~Slot();

    private:
        friend class ConnectGates;
        Slot(ConnectGates* gates, QString gateway) : gates_(gates), gateway_(std::move(gateway)) {}
        ConnectGates* gates_;
        QString gateway_;
    };
    // Always a slot for a direct connect (empty gateway).
    std::optional<Slot> tryEnter(const QString& gateway);
    int inFlight(const QString& gateway) const;
    int perGateway() const { return perGateway_; }

private:
    void leave(const QString& gateway);

    const int perGateway_;
    mutable std::mutex mutex_;
    std::map<QString, int> inFlight_;
};

}  // namespace fleetdeck::ssh
