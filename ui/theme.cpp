#include "ui/theme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

namespace fleetdeck {
namespace {

struct DesktopLook {
    QString style;
    QPalette palette;
};

// What the desktop gave the application before any theme was applied.
const DesktopLook& desktopLook() {
    static const DesktopLook look{QApplication::style() ? QApplication::style()->name() : QString(), QApplication::palette()};
    return look;
}

}  // namespace

QString themeKey(Theme theme) {
    switch (theme) {
    case Theme::System: return QStringLiteral("system");
    case Theme::Light: return QStringLiteral("light");
    case Theme::Dark: return QStringLiteral("dark");
    }
    return QStringLiteral("system");
}

Theme themeFromKey(const QString& key) {
    if (key == QLatin1String("light")) return Theme::Light;
    if (key == QLatin1String("dark")) return Theme::Dark;
    return Theme::System;
}

QPalette darkPalette() {
    // Greys a step apart, so frames, alternating rows and the window stay distinguishable;
    // text at well over 7:1 on its background.
    const QColor window(0x2b, 0x2d, 0x30), base(0x1f, 0x21, 0x24), alternate(0x27, 0x29, 0x2d);
    const QColor text(0xe8, 0xea, 0xed), disabled(0x80, 0x84, 0x8a), button(0x35, 0x37, 0x3b);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, alternate);
    p.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3f, 0x44));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0xa0, 0xa4, 0xaa));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, button);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x8a, 0x80));
    p.setColor(QPalette::Light, QColor(0x4a, 0x4d, 0x52));
    p.setColor(QPalette::Midlight, QColor(0x3d, 0x40, 0x44));
    p.setColor(QPalette::Mid, QColor(0x55, 0x58, 0x5e));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x7e, 0xd6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x8a, 0xb4, 0xf8));
    p.setColor(QPalette::LinkVisited, QColor(0xc5, 0x8a, 0xf9));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Base, window);
    return p;
}

QPalette lightPalette() {
    QStyle* fusion = QStyleFactory::create(QStringLiteral("Fusion"));
    const QPalette p = fusion ? fusion->standardPalette() : QPalette();
    delete fusion;
    return p;
}

void applyTheme(Theme theme) {
    const DesktopLook& desktop = desktopLook();
    switch (theme) {
    case Theme::System:
        if (!desktop.style.isEmpty()) QApplication::setStyle(desktop.style);
        QApplication::setPalette(desktop.palette);
        return;
    case Theme::Light:
        QApplication::setStyle(QStringLiteral("Fusion"));
        QApplication::setPalette(lightPalette());
        return;
    case Theme::Dark:
        QApplication::setStyle(QStringLiteral("Fusion"));
        QApplication::setPalette(darkPalette());
        return;
    }
}

}  // namespace fleetdeck
