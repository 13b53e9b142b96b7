#include "app/ssh/ssh_auth.h"

#include <cstring>
#include <vector>

#include <QDir>
#include <QFileInfo>

#include "app/ssh/ssh_handles.h"
#include "app/ssh/ssh_text.h"

namespace fleetdeck::ssh {
namespace {

struct PassphraseAsk {
    const AuthPlan* plan;
    QString keyFile;
    bool asked = false;
    bool cancelled = false;
};

// libssh's callback for an encrypted private key: asks the prompter, copies into libssh's buffer.
int passphraseCallback(const char*, char* buf, size_t len, int, int, void* userdata) {
    auto* ask = static_cast<PassphraseAsk*>(userdata);
    ask->asked = true;
    if (!ask->plan->prompter) return -1;
    std::optional<QString> secret = ask->plan->prompter->askSecret(
        SecretQuestion{SecretQuestion::Kind::KeyPassphrase, ask->plan->hostLabel, ask->plan->user, ask->keyFile});
    if (!secret) {
        ask->cancelled = true;
        return -1;
    }
    QByteArray bytes = secret->toUtf8();
    secret->fill(QLatin1Char('\0'));
    const bool fits = static_cast<size_t>(bytes.size()) < len;
    if (fits) std::memcpy(buf, bytes.constData(), static_cast<size_t>(bytes.size()) + 1);
    bytes.fill('\0');
    return fits ? 0 : -1;
}

enum class KeyOutcome { Accepted, Refused, Error };

KeyOutcome tryIdentity(ssh_session session, const AuthPlan& plan, const QString& file, std::vector<SshText>& notes) {
    const QByteArray path = QFile::encodeName(file);
    ssh_key rawPub = nullptr;
    if (ssh_pki_import_pubkey_file((path + ".pub").constData(), &rawPub) == SSH_OK) {
        KeyPtr pub(rawPub);
        // Ask the server first, so a passphrase is only requested for a key it would take.
        const int offered = ssh_userauth_try_publickey(session, nullptr, pub.get());
        if (offered == SSH_AUTH_ERROR) return KeyOutcome::Error;
        if (offered != SSH_AUTH_SUCCESS) return KeyOutcome::Refused;
    }
    PassphraseAsk ask{&plan, file};
    ssh_key rawPriv = nullptr;
    if (ssh_pki_import_privkey_file(path.constData(), nullptr, passphraseCallback, &ask, &rawPriv) != SSH_OK) {
        const char* why = ask.cancelled ? QT_TRANSLATE_NOOP("ssh", "%1: no passphrase given (without a terminal or dialog, load the key with ssh-add)")
                          : ask.asked && !plan.prompter ? QT_TRANSLATE_NOOP("ssh", "%1 is encrypted: load it with ssh-add, or run where FleetDeck can ask")
                          : ask.asked                   ? QT_TRANSLATE_NOOP("ssh", "%1: wrong passphrase")
                                                        : QT_TRANSLATE_NOOP("ssh", "%1: not a private key FleetDeck can read");
        notes.push_back(std::move(SshText(why).arg(file)));
        return KeyOutcome::Refused;
    }
    KeyPtr priv(rawPriv);
    const int rc = ssh_userauth_publickey(session, nullptr, priv.get());
    if (rc == SSH_AUTH_ERROR) return KeyOutcome::Error;
    return rc == SSH_AUTH_SUCCESS ? KeyOutcome::Accepted : KeyOutcome::Refused;
}

// The methods the server lists, in words: "publickey, password".
QString authMethodNames(int methods) {
    QStringList names;
    if (methods & SSH_AUTH_METHOD_PUBLICKEY) names << QStringLiteral("publickey");
    if (methods & SSH_AUTH_METHOD_PASSWORD) names << QStringLiteral("password");
    if (methods & SSH_AUTH_METHOD_INTERACTIVE) names << QStringLiteral("keyboard-interactive");
    if (methods & SSH_AUTH_METHOD_HOSTBASED) names << QStringLiteral("hostbased");
    if (methods & SSH_AUTH_METHOD_GSSAPI_MIC) names << QStringLiteral("gssapi-with-mic");
    return names.isEmpty() ? QStringLiteral("none") : names.join(QStringLiteral(", "));
}

QString authResultWord(int rc) {
    switch (rc) {
    case SSH_AUTH_SUCCESS: return QStringLiteral("accepted");
    case SSH_AUTH_PARTIAL: return QStringLiteral("partly accepted (the server wants another method too)");
    case SSH_AUTH_ERROR: return QStringLiteral("error");
    default: return QStringLiteral("refused");
    }
}

Problem linkError(ssh_session session) {
    return problemOf(ProblemCode::ConnectFailed,
                              SshText(QT_TRANSLATE_NOOP("ssh", "the connection failed during login: %1"))
                                  .arg(QString::fromUtf8(ssh_get_error(session))));
}

}  // namespace

QStringList defaultIdentityFiles() {
    const QString dir = QDir::homePath() + QStringLiteral("/.ssh/");
    return {dir + QStringLiteral("id_ed25519"), dir + QStringLiteral("id_ecdsa"), dir + QStringLiteral("id_rsa")};
}

Outcome authenticate(ssh_session session, const AuthPlan& plan) {
    const DiagnosticSink& tell = plan.diagnostics;
    int rc = ssh_userauth_none(session, nullptr);
    if (rc == SSH_AUTH_SUCCESS) {
        tell.ssh(QStringLiteral("login as %1: method none accepted").arg(plan.user));
        return done();
    }
    if (rc == SSH_AUTH_ERROR) return linkError(session);
    const int methods = ssh_userauth_list(session, nullptr);
    tell.ssh(QStringLiteral("login as %1: the server offers %2").arg(plan.user, authMethodNames(methods)));
    QStringList tried;
    std::vector<SshText> notes;
    if (methods & SSH_AUTH_METHOD_PUBLICKEY) {
        if (qEnvironmentVariable("SSH_AUTH_SOCK").isEmpty()) tell.ssh(QStringLiteral("ssh-agent: not used (SSH_AUTH_SOCK is not set)"));
        else {
            rc = ssh_userauth_agent(session, nullptr);
            tell.ssh(QStringLiteral("publickey from ssh-agent: %1").arg(authResultWord(rc)));
            if (rc == SSH_AUTH_SUCCESS) return done();
            if (rc == SSH_AUTH_ERROR) return linkError(session);
            tried << QStringLiteral("ssh-agent");
        }
        QStringList seen;
        for (const QString& file : plan.identityFiles) {
            if (seen.contains(file)) continue;
            seen << file;
            if (!QFileInfo::exists(file)) {
                tell.ssh(QStringLiteral("publickey %1: no such file, skipped").arg(file));
                continue;
            }
            tried << file;
            const std::size_t notesBefore = notes.size();
            const KeyOutcome outcome = tryIdentity(session, plan, file, notes);
            tell.ssh(QStringLiteral("publickey %1: %2").arg(file, outcome == KeyOutcome::Accepted ? QStringLiteral("accepted")
                                                                  : outcome == KeyOutcome::Error  ? QStringLiteral("error")
                                                                  : notes.size() > notesBefore    ? notes.back().english()
                                                                                                  : QStringLiteral("refused")));
            if (outcome == KeyOutcome::Accepted) return done();
            if (outcome == KeyOutcome::Error) return linkError(session);
        }
    }
    if ((methods & SSH_AUTH_METHOD_PASSWORD) && !plan.prompter)
        tell.ssh(QStringLiteral("password: not tried (nobody to ask: no terminal or dialog)"));
    if ((methods & SSH_AUTH_METHOD_PASSWORD) && plan.prompter) {
        std::optional<QString> password = plan.prompter->askSecret(
            SecretQuestion{SecretQuestion::Kind::Password, plan.hostLabel, plan.user, {}});
        if (password) {
            QByteArray bytes = password->toUtf8();
            password->fill(QLatin1Char('\0'));
            rc = ssh_userauth_password(session, nullptr, bytes.constData());
            bytes.fill('\0');
            tell.ssh(QStringLiteral("password: %1").arg(authResultWord(rc)));
            if (rc == SSH_AUTH_SUCCESS) return done();
            if (rc == SSH_AUTH_ERROR) return linkError(session);
            tried << QStringLiteral("password");
        }
    }
    SshText message = std::move(SshText(QT_TRANSLATE_NOOP("ssh", "%1@%2 refused every credential offered (%3)"))
                                    .arg(plan.user)
                                    .arg(plan.hostLabel)
                                    .arg(tried.isEmpty() ? SshText(QT_TRANSLATE_NOOP("ssh", "no key found"))
                                                         : SshText::same(tried.join(QStringLiteral(", ")))));
    for (const SshText& note : notes) message = message + SshText(QT_TRANSLATE_NOOP("ssh", "; %1")).arg(note);
    message = message + SshText(QT_TRANSLATE_NOOP("ssh", ": add your public key to ~%1/.ssh/authorized_keys on the server, "
                                                         "or choose the key with --identity or IdentityFile in ~/.ssh/config"))
                            .arg(plan.user);
    return problemOf(ProblemCode::AuthFailed, message);
}

}  // namespace fleetdeck::ssh
