#pragma once

// The zh_TW catalogues installed the way the app installs them (i18n::installTranslations), for
// the life of one object: its destructor takes them out again and puts the locale back, so that
// the tests after it in the same binary read English as before. Link fleetdeck_i18n.

#include <algorithm>

#include <QCoreApplication>
#include <QList>
#include <QLocale>
#include <QString>
#include <QTranslator>

#include "app/i18n/translations.h"

namespace fleetdeck::test {

class ChineseCatalogues {
public:
    ChineseCatalogues()
        : before_(QCoreApplication::instance()->findChildren<QTranslator*>(Qt::FindDirectChildrenOnly)),
          loaded_(i18n::installTranslations(*QCoreApplication::instance(), QStringLiteral("zh_TW"))) {}
    ~ChineseCatalogues() {
        for (QTranslator* translator : QCoreApplication::instance()->findChildren<QTranslator*>(Qt::FindDirectChildrenOnly)) {
            if (before_.contains(translator)) continue;
            QCoreApplication::removeTranslator(translator);
            delete translator;
        }
        QLocale::setDefault(locale_);
    }
    ChineseCatalogues(const ChineseCatalogues&) = delete;
    ChineseCatalogues& operator=(const ChineseCatalogues&) = delete;

    // Whether every built-in zh_TW catalogue loaded.
    bool loaded() const { return loaded_; }

private:
    QList<QTranslator*> before_;
    QLocale locale_;
    bool loaded_;
};

// Whether `text` holds a CJK ideograph (U+4E00..U+9FFF).
inline bool hasIdeograph(const QString& text) {
    return std::any_of(text.begin(), text.end(), [](QChar c) { return c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF; });
}

}  // namespace fleetdeck::test
