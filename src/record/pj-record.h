/* pj-record.h — saved games: read, verify by replay, write atomically
 *
 * A record is everything needed to replay a game exactly: the rules, the
 * seed of the shuffle, the dealer, the seats and the list of actions. The
 * position is never saved; it is rebuilt by replaying every action through
 * the engine, so a tampered or corrupt file cannot produce an impossible
 * position: it fails to load.
 *
 * File format (JSON, UTF-8):
 *
 *   {
 *     "format": "pegs-and-jokers-game",
 *     "version": 1,
 *     "rules": { "preset": "north-carolina",
 *                "options": { "players": "4", "teams": "2", "decks": "3", … } },
 *     "seed": "1234567890123",              u64 as a decimal string
 *     "dealer": 0,                          0-based seat
 *     "seats": [ { "name": "Ann", "controller": "human" }, … ],
 *     "actions": [ "K R1 s-r8", "7 R1 r12-h2, R3 b4-b7", … ],
 *     "created": "2026-11-29T12:00:00Z",    ISO 8601
 *     "title": "Friday night"               optional
 *   }
 *
 * "options" holds every rule option (pj_option_info()) as its value name;
 * an option left out takes the preset's value, an unknown one is an error.
 * Each action is in the engine's notation, written for the position before
 * it (pj_action_to_string()). Unknown top-level members are ignored.
 * "created" is in UTC with a four-digit year, 0001 to 9999 ("0273-11-30T…").
 * Limits: a file of at most PJ_RECORD_MAX_FILE_SIZE bytes, at most
 * PJ_RECORD_MAX_ACTIONS actions, arrays and objects nested at most
 * PJ_RECORD_MAX_DEPTH deep and no string longer than PJ_RECORD_MAX_STRING
 * bytes; the last two are checked before the JSON is parsed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "pj-engine.h"
#include "pj-controller.h"

G_BEGIN_DECLS

#define PJ_RECORD_FORMAT         "pegs-and-jokers-game"
#define PJ_RECORD_VERSION        1
#define PJ_RECORD_MAX_FILE_SIZE  (16 * 1024 * 1024)
#define PJ_RECORD_MAX_ACTIONS    200000
#define PJ_RECORD_MAX_NAME       128      /* bytes in a seat name */
#define PJ_RECORD_MAX_TITLE      512      /* bytes in the title */
/* Ours nest 3 deep; the slack is for members a newer version may add. */
#define PJ_RECORD_MAX_DEPTH      32
/* Ours are names, a title and actions of at most a few hundred bytes. */
#define PJ_RECORD_MAX_STRING     (1024 * 1024)

#define PJ_RECORD_ERROR (pj_record_error_quark ())
GQuark pj_record_error_quark (void);

typedef enum {
  PJ_RECORD_ERROR_IO,          /* the file could not be read or written */
  PJ_RECORD_ERROR_TOO_LARGE,   /* over the file size or action count limit */
  PJ_RECORD_ERROR_SYNTAX,      /* not JSON (or cut short) */
  PJ_RECORD_ERROR_FORMAT,      /* JSON, but not a saved game of this program */
  PJ_RECORD_ERROR_VERSION,     /* a format version this build cannot read */
  PJ_RECORD_ERROR_FIELD,       /* a member is missing, of the wrong type or out of range */
  PJ_RECORD_ERROR_RULES,       /* unknown preset, unknown option or value, bad combination */
  PJ_RECORD_ERROR_SEATS,       /* the number of seats differs from the players */
  PJ_RECORD_ERROR_ACTION,      /* an action cannot be read or is illegal at its point */
} PjRecordError;

typedef struct {
  char        *name;         /* UTF-8, at most PJ_RECORD_MAX_NAME bytes */
  PjController controller;
} PjSeat;

/* A reference-counted game record. The record owns its current PjState,
 * which always equals the replay of its actions. */
typedef struct _PjRecord PjRecord;

#define PJ_TYPE_RECORD (pj_record_get_type ())
GType pj_record_get_type (void) G_GNUC_CONST;

/* A new game: pj_state_new_game (rules, seed, dealer). dealer < 0 picks the
 * dealer from the seed. seats may be NULL (every seat a human named after its
 * colour); otherwise n_seats must equal rules->players. Fails (NULL) on
 * invalid rules or seats. */
PjRecord *pj_record_new   (const PjRules *rules, guint64 seed, int dealer,
                           const PjSeat *seats, guint n_seats, GError **error);
PjRecord *pj_record_ref   (PjRecord *record);
void      pj_record_unref (PjRecord *record);

const PjRules *pj_record_get_rules   (const PjRecord *record);
guint64        pj_record_get_seed    (const PjRecord *record);
guint          pj_record_get_dealer  (const PjRecord *record);
guint          pj_record_get_n_seats (const PjRecord *record);
const PjSeat  *pj_record_get_seat    (const PjRecord *record, guint seat);
void           pj_record_set_seat    (PjRecord *record, guint seat, const char *name,
                                      PjController controller);
const char    *pj_record_get_title   (const PjRecord *record);   /* NULL if none; at most PJ_RECORD_MAX_TITLE bytes */
void           pj_record_set_title   (PjRecord *record, const char *title);
GDateTime     *pj_record_get_created (const PjRecord *record);   /* owned by the record */
/* Kept in UTC to the second, as it is saved. */
void           pj_record_set_created (PjRecord *record, GDateTime *created);

/* The position after every action so far. */
const PjState  *pj_record_get_state     (const PjRecord *record);
guint           pj_record_get_n_actions (const PjRecord *record);
const PjAction *pj_record_get_action    (const PjRecord *record, guint i);
/* The position after the first n actions (n <= n_actions), for replay views. */
void            pj_record_state_at      (const PjRecord *record, guint n, PjState *out);

/* Apply an action if it is legal now (pj_state_apply_checked); otherwise
 * nothing changes and the engine's error (PJ_ENGINE_ERROR_ILLEGAL_ACTION or
 * _GAME_OVER) is returned. PJ_RECORD_ERROR_TOO_LARGE past the action limit. */
gboolean pj_record_append        (PjRecord *record, const PjAction *action, GError **error);
/* The same, for an action in notation (pj_action_from_string). */
gboolean pj_record_append_string (PjRecord *record, const char *text, GError **error);
/* Keep the first n actions (undo); n > n_actions is ignored. */
void     pj_record_truncate      (PjRecord *record, guint n);

/* Serialise: UTF-8 JSON, pretty-printed, ending in a newline. */
char     *pj_record_to_json   (const PjRecord *record, gsize *length);
/* Parse, validate every member and replay every action. NULL and a
 * PJ_RECORD_ERROR on any problem. length < 0: data is NUL-terminated. */
PjRecord *pj_record_from_json (const char *data, gssize length, GError **error);

/* Write atomically: a temporary file in the same folder renamed over path,
 * so a failed save leaves the old file as it was (pj_file_write_atomic()).
 * The error names path, never the temporary file: "Could not save
 * “game.json”: the disk is full". */
gboolean  pj_record_save (const PjRecord *record, const char *path, GError **error);
/* Read at most PJ_RECORD_MAX_FILE_SIZE bytes and pj_record_from_json();
 * what is refused before parsing (size, encoding, nesting, string lengths)
 * names the file. */
PjRecord *pj_record_load (const char *path, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PjRecord, pj_record_unref)

G_END_DECLS
