#include "app/ssh/remote_command.h"

#include "app/ssh/ssh_handles.h"

namespace fleetdeck::ssh {

QString shellWord(const QString& word) {
    QString quoted = word;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

std::optional<QByteArray> shellQuote(const QString& path) {
    if (!path.startsWith(QLatin1Char('/'))) return std::nullopt;
    for (const QChar c : path)
        if (c == QLatin1Char('\'') || c.unicode() < 0x20 || c.unicode() == 0x7f) return std::nullopt;
    return shellWord(path).toUtf8();
}

RemoteResult runRemote(ssh_session session, const QByteArray& command, const QByteArray& input) {
    RemoteResult r;
    ChannelPtr channel(ssh_channel_new(session));
    if (!channel || ssh_channel_open_session(channel.get()) != SSH_OK ||
        ssh_channel_request_exec(channel.get(), command.constData()) != SSH_OK) {
        r.error = SshText::same(QString::fromUtf8(ssh_get_error(session)));
        return r;
    }
    constexpr qsizetype kChunk = 32 * 1024;
    for (qsizetype offset = 0; offset < input.size();) {
        const auto n = ssh_channel_write(channel.get(), input.constData() + offset,
                                         static_cast<uint32_t>(std::min(kChunk, input.size() - offset)));
        if (n <= 0) break;  // the command stopped reading; its status and stderr say why
        offset += n;
    }
    ssh_channel_send_eof(channel.get());
    char buf[8192];
    // Blocks until output or end of output; the session timeout bounds a silent server.
    for (;;) {
        const int n = ssh_channel_read(channel.get(), buf, sizeof buf, 0);
        if (n == SSH_ERROR) {
            r.error = SshText::same(QString::fromUtf8(ssh_get_error(session)));
            return r;
        }
        if (n > 0) r.out.append(buf, n);
        else break;  // 0: end of output, or the session timeout passed
    }
    if (!ssh_channel_is_eof(channel.get())) {
        r.error = SshText(QT_TRANSLATE_NOOP("ssh", "the command did not finish in time"));
        return r;
    }
    for (int n; (n = ssh_channel_read_nonblocking(channel.get(), buf, sizeof buf, 1)) > 0;) r.err.append(buf, n);
    r.exitStatus = ssh_channel_get_exit_status(channel.get());
    ssh_channel_close(channel.get());
    r.ran = true;
    return r;
}

}  // namespace fleetdeck::ssh
