/* test-record-util.h — what the record tests share: random games, record
 * comparisons, and the basic-rules game that the bad-file tests edit.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pj-record.h"

/* Play n random legal actions (all of them if n == 0) into a new record. */
PjRecord *random_game        (PjPreset preset,
                              guint    players,
                              guint64  seed,
                              guint    n);
void      assert_same_state  (const PjState *a,
                              const PjState *b);
void      assert_same_record (PjRecord *a,
                              PjRecord *b);

/* A game of basic rules (where a swapped or foreign action is clearly
 * illegal), made by record_base_init () and freed by record_base_clear (). */
extern char     *base_json;
extern PjRecord *base_record;
void      record_base_init   (void);
void      record_base_clear  (void);

/* Loading json must fail with code; what names the case in the log. */
void      expect_error       (const char    *json,
                              gssize         length,
                              PjRecordError  code,
                              const char    *what);
/* text with the first find (which must be there) replaced. */
char     *replace_once       (const char *text,
                              const char *find,
                              const char *replacement);
