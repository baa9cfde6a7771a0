/* pj-lobby-page.h — a LAN table before the deal: seats, rules, chat, Start
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pj-table.h"

G_BEGIN_DECLS

#define PJ_TYPE_LOBBY_PAGE (pj_lobby_page_get_type ())
G_DECLARE_FINAL_TYPE (PjLobbyPage, pj_lobby_page, PJ, LOBBY_PAGE, GtkWidget)

/* A page to open a table here (name, password, your name first). */
GtkWidget *pj_lobby_page_new_host    (const char  *player_name);
/* The lobby of a table joined elsewhere (or opened already). */
GtkWidget *pj_lobby_page_new_for_table (PjTable   *table);

/* What "Open Table" does, for tests and the keyboard-less. */
gboolean   pj_lobby_page_open_table  (PjLobbyPage *self,
                                      const char  *table_name,
                                      const char  *password,
                                      const char  *player_name,
                                      GError     **error);
PjTable   *pj_lobby_page_get_table   (PjLobbyPage *self);
gboolean   pj_lobby_page_get_can_start (PjLobbyPage *self);
/* The people listed (spectators included) and, hosted here, what their
 * Remove and Ban buttons do: send one away (ban: for as long as this
 * table runs), with a toast saying so. */
guint      pj_lobby_page_get_n_people (PjLobbyPage *self);
gboolean   pj_lobby_page_kick        (PjLobbyPage *self,
                                      guint        person_id,
                                      gboolean     ban);
/* Start the game (hosts only); FALSE and a toast when the table is not ready. */
gboolean   pj_lobby_page_start       (PjLobbyPage *self);

/* Hosting: the addresses the lobby lists for friends to type, as shown
 * (for tests and the screen reader's list). Free with g_strfreev(). */
char      **pj_lobby_page_dup_addresses (PjLobbyPage *self);

G_END_DECLS
