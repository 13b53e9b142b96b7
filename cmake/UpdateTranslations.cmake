# cmake -DLUPDATE=... -DSOURCE_DIR=... -DTS_DIR=... -P cmake/UpdateTranslations.cmake
#
# Refreshes the catalogues in TS_DIR from the sources in SOURCE_DIR with lupdate, one catalogue per
# area: fleetdeck_ui_* from ui/, fleetdeck_cli_* from app/cli/, fleetdeck_core_* from the rest of
# app/. The update-translations target runs it on i18n/; tests/i18n runs it on a copy and compares.
# Obsolete entries are kept (marked "vanished"), so that the test can name them; no source
# locations are written, so that a moved line does not change the catalogue.
foreach(var LUPDATE SOURCE_DIR TS_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "UpdateTranslations.cmake needs -D${var}=...")
  endif()
endforeach()

file(GLOB app_entries LIST_DIRECTORIES true "${SOURCE_DIR}/app/*")
list(REMOVE_ITEM app_entries "${SOURCE_DIR}/app/cli" "${SOURCE_DIR}/app/CMakeLists.txt")

set(areas ui core cli)
set(ui_sources "${SOURCE_DIR}/ui")
set(core_sources ${app_entries})
set(cli_sources "${SOURCE_DIR}/app/cli")

foreach(area IN LISTS areas)
  file(GLOB catalogues "${TS_DIR}/fleetdeck_${area}_*.ts")
  foreach(ts IN LISTS catalogues)
    execute_process(
      COMMAND "${LUPDATE}" -silent -locations none -extensions cpp,h "-I${SOURCE_DIR}" ${${area}_sources} -ts "${ts}"
      RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
      message(FATAL_ERROR "lupdate failed (${status}) on ${ts}")
    endif()
  endforeach()
endforeach()
