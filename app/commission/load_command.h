#pragma once

// The burn-in's load (docs/commission.md, "Burn-in watch"): the operator's own command, started on
// one host for the window and stopped at its end or when the run is cancelled. Over SSH it runs on
// a session of its own (the same host-key checks and login as the host's agent connection) in an
// exec channel with a pseudo-terminal, so that closing the channel hangs the command up with the
// rest of its process group; on a simulated or local host it runs here, as a process group of its
// own. The command is the operator's text, given to the login shell as typed: it never comes from
// an agent and nothing else runs it.

#include <memory>

#include <QObject>
#include <QString>

#include "app/commission/commission_result.h"
#include "app/host_spec.h"

namespace fleetdeck::commission {

class LoadCommand : public QObject {
    Q_OBJECT
public:
    LoadCommand(HostSpec host, QString command, QObject* parent = nullptr);
    ~LoadCommand() override;  // stops the command if it still runs (waits at most a few seconds)

    // Connects and starts the command; returns at once. started() or finished() (it could not
    // start: outcome.error says why) follows.
    void start();
    // Stops the command: a hang-up (SSH) or SIGTERM to its process group, SIGKILL after
    // `graceMs`. finished() follows with stopped = true unless it had already ended by itself.
    // Returns at once; safe to call before started() and more than once.
    void stop(int graceMs = 3000);

    const QString& host() const;
    bool running() const;

signals:
    void started();
    // Once per start(): the command ended by itself, was stopped, or never started.
    void finished(const fleetdeck::commission::LoadOutcome& outcome);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace fleetdeck::commission
