#include "app/private_files.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

namespace fleetdeck {

bool makePrivateDirs(const QString& dir) {
    QStringList missing;
    for (QString d = QDir::cleanPath(QFileInfo(dir).absoluteFilePath()); !QFileInfo::exists(d);
         d = QFileInfo(d).absolutePath()) {
        missing.prepend(d);
        if (d == QFileInfo(d).absolutePath()) break;  // the root
    }
    for (const QString& d : missing)
        if (::mkdir(QFile::encodeName(d).constData(), 0700) != 0 && errno != EEXIST) return false;
    // mkdir's mode passes through the umask; 0700 is already narrower than any usual one, but a
    // umask such as 0277 would leave the user unable to write their own folder.
    for (const QString& d : missing) ::chmod(QFile::encodeName(d).constData(), 0700);
    return QFileInfo(dir).isDir();
}

bool narrowToOwner(const QString& path) {
    const QByteArray name = QFile::encodeName(path);
    struct stat st {};
    if (::lstat(name.constData(), &st) != 0) return errno == ENOENT;
    if (!S_ISREG(st.st_mode)) return false;
    const mode_t owners = st.st_mode & 0700;  // never more than the owner had: 0444 becomes 0400
    if ((st.st_mode & 07777) == owners) return true;
    return ::chmod(name.constData(), owners) == 0;
}

int openPrivateForAppend(const QString& path) {
    const int fd = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) return -1;
    // Best effort: a file that is not the user's (a root-owned log the user may append to) keeps
    // its mode, and the log still goes there.
    struct stat st {};
    if (::fstat(fd, &st) == 0 && (st.st_mode & 077) != 0) ::fchmod(fd, st.st_mode & 0700);
    return fd;
}

}  // namespace fleetdeck
