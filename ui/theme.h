#pragma once

#include <QPalette>
#include <QString>

namespace fleetdeck {

// How the app looks: as the desktop says, or FleetDeck's own light or dark palette on the Fusion
// style (which draws every control from the palette, so a dark palette gives dark controls).
enum class Theme { System, Light, Dark };

// "system", "light", "dark": the settings' and --theme's words.
QString themeKey(Theme theme);
// Unknown words are the system theme.
Theme themeFromKey(const QString& key);

QPalette darkPalette();
QPalette lightPalette();

// Applies a theme to the running application; every widget gets a PaletteChange and the views
// repaint in it (charts restyle themselves, ui/dashboard/chart_style.h). The first call remembers
// the desktop's own style and palette, which Theme::System goes back to.
void applyTheme(Theme theme);

}  // namespace fleetdeck
