/* test-autosave.c — the autosave under fault: nothing lost, the person told
 *
 * A full disk and a read-only disk are real: a small tmpfs this test
 * mounts (as root; skipped otherwise), filled or remounted read-only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <string.h>

#include "pj-file.h"
#include "pj-game.h"

/* Every seat a person on this screen: each move is the test's, no threads
 * but the writer's. */
static PjGame *
game_of_people (guint64 seed)
{
  PjGame *game;
  PjRules rules;

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  game = pj_game_new (&rules, seed, 0);
  for (guint i = 0; i < 4; i++)
    pj_game_set_controller (game, i, PJ_CONTROLLER_HUMAN);
  pj_game_start (game);
  return game;
}

static void
play (PjGame *game,
      guint   n)
{
  for (guint i = 0; i < n && !pj_game_is_over (game); i++)
    {
      const PjAction *legal;
      guint n_legal;

      legal = pj_game_get_human_actions (game, &n_legal);
      g_assert_cmpuint (n_legal, >, 0);
      g_assert_true (pj_game_apply (game, &legal[0], NULL));
    }
}

typedef gboolean (*Cond) (gpointer data);

static gboolean
tick_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* Bounded: the writer works on its own thread and the retry comes after
 * PJ_GAME_SAVE_RETRY_S. */
static gboolean
run_until (Cond     cond,
           gpointer data,
           guint    seconds)
{
  gint64 end = g_get_monotonic_time () + seconds * G_TIME_SPAN_SECOND;
  guint tick = g_timeout_add (20, tick_cb, NULL);

  while (!cond (data) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick);
  return cond (data);
}

static gboolean
not_saving (gpointer data)
{
  return !pj_game_get_saving (data);
}

static gboolean
has_save_error (gpointer data)
{
  return pj_game_get_save_error (data) != NULL;
}

static gboolean
no_save_error (gpointer data)
{
  return pj_game_get_save_error (data) == NULL && !pj_game_get_saving (data);
}

static void
save_failed_cb (PjGame       *game,
                const GError *error,
                guint        *count)
{
  (*count)++;
}

/* ---- a small disk of our own -------------------------------------------- */

static gboolean
run (const char *const *argv)
{
  int status = -1;

  return g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL |
                       G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, NULL) &&
         g_spawn_check_wait_status (status, NULL);
}

/* A 256 KiB tmpfs at a new folder, or NULL (and the test skipped) when
 * this is not root or mounting is not allowed here. */
static char *
mount_small_disk (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pj-disk-XXXXXX", NULL);
  const char *argv[] = { "mount", "-t", "tmpfs", "-o", "size=256k,mode=0755", "tmpfs", dir, NULL };

  if (getuid () != 0 || !run (argv))
    {
      g_rmdir (dir);
      g_test_skip ("mounting a tmpfs needs root");
      return NULL;
    }
  return g_steal_pointer (&dir);
}

static void
unmount_disk (const char *dir)
{
  const char *argv[] = { "umount", dir, NULL };

  g_assert_true (run (argv));
  g_rmdir (dir);
}

/* Fill the disk to the last byte (the file stays until removed). */
static char *
fill_disk (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "filler", NULL);
  char block[4096];
  FILE *f = fopen (path, "w");

  g_assert_nonnull (f);
  memset (block, 'x', sizeof block);
  setvbuf (f, NULL, _IONBF, 0);
  while (fwrite (block, 1, sizeof block, f) == sizeof block)
    ;
  /* the last partial block, a byte at a time */
  while (fwrite (block, 1, 1, f) == 1)
    ;
  g_assert_cmpint (errno, ==, ENOSPC);
  fclose (f);
  return g_steal_pointer (&path);
}

static char *
contents (const char *path)
{
  char *data = NULL;

  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  return data;
}

/* A full disk keeps the previous autosave byte for byte; the person is
 * told once, in their words, for as long as it lasts; when there is room
 * again the writer catches up by itself. */
static void
test_full_disk (void)
{
  g_autofree char *dir = mount_small_disk ();
  g_autofree char *path = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *filler = NULL;
  g_autoptr (PjRecord) record = NULL;
  PjGame *game;
  guint failures = 0;

  if (dir == NULL)
    return;
  path = g_build_filename (dir, "autosave.json", NULL);
  game = game_of_people (31);
  g_signal_connect (game, "save-failed", G_CALLBACK (save_failed_cb), &failures);
  pj_game_set_autosave_path (game, path);
  play (game, 3);
  g_assert_true (run_until (not_saving, game, 10));
  before = contents (path);

  filler = fill_disk (dir);
  play (game, 3);
  g_assert_true (run_until (has_save_error, game, 10));
  g_assert_nonnull (strstr (pj_game_get_save_error (game), "full"));
  play (game, 2);
  g_assert_true (run_until (not_saving, game, 10));
  after = contents (path);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (failures, ==, 1);

  /* room again: no move needed for the game to reach the disk */
  g_assert_cmpint (g_unlink (filler), ==, 0);
  g_assert_true (run_until (no_save_error, game, 3 * PJ_GAME_SAVE_RETRY_S));
  record = pj_record_load (path, NULL);
  g_assert_nonnull (record);
  g_assert_cmpuint (pj_record_get_n_actions (record), ==,
                    pj_record_get_n_actions (pj_game_get_record (game)));

  pj_game_stop (game);
  g_assert_finalize_object (game);
  unmount_disk (dir);
}

/* A read-only disk: the same, and the file there stays as it was. */
static void
test_read_only (void)
{
  g_autofree char *dir = mount_small_disk ();
  g_autofree char *path = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr (GError) error = NULL;
  PjGame *game;
  guint failures = 0;

  if (dir == NULL)
    return;
  path = g_build_filename (dir, "autosave.json", NULL);
  game = game_of_people (32);
  g_signal_connect (game, "save-failed", G_CALLBACK (save_failed_cb), &failures);
  pj_game_set_autosave_path (game, path);
  play (game, 2);
  g_assert_true (run_until (not_saving, game, 10));
  before = contents (path);

  {
    const char *argv[] = { "mount", "-o", "remount,ro", dir, NULL };

    g_assert_true (run (argv));
  }
  play (game, 2);
  g_assert_true (run_until (has_save_error, game, 10));
  g_assert_nonnull (strstr (pj_game_get_save_error (game), "read-only"));
  after = contents (path);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (failures, ==, 1);

  pj_game_stop (game);
  /* closing tries once more, and fails the same way */
  g_assert_false (pj_game_flush_autosave (game, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ROFS);
  g_assert_finalize_object (game);
  unmount_disk (dir);
}

/* A damaged autosave is set aside, never deleted; the last good one kept
 * beside it comes back, and the person is told. */
static void
test_restore_damaged (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pj-restore-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "autosave.json", NULL);
  g_autofree char *backup = pj_file_backup_path (path);
  g_autofree char *notice = NULL;
  g_autoptr (PjRecord) restored = NULL;
  g_autoptr (GDir) listing = NULL;
  PjGame *game;
  guint n_good, aside = 0;
  const char *name;

  game = game_of_people (33);
  pj_game_set_autosave_path (game, path);
  play (game, 4);
  g_assert_true (run_until (not_saving, game, 10));
  play (game, 1);
  g_assert_true (run_until (not_saving, game, 10));
  n_good = pj_record_get_n_actions (pj_game_get_record (game)) - 1;
  pj_game_stop (game);
  g_assert_finalize_object (game);
  g_assert_true (g_file_test (backup, G_FILE_TEST_IS_REGULAR));

  /* the newest is damaged: the one before it comes back */
  g_assert_true (g_file_set_contents (path, "{\"format\": \"pegs-and-jo", -1, NULL));
  restored = pj_game_restore_autosave (path, &notice);
  g_assert_nonnull (restored);
  g_assert_cmpuint (pj_record_get_n_actions (restored), ==, n_good);
  g_assert_nonnull (notice);
  g_assert_nonnull (strstr (notice, "damaged"));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  listing = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_prefix (name, "autosave.json.damaged-"))
      {
        g_autofree char *aside_path = g_build_filename (dir, name, NULL);
        g_autofree char *kept = contents (aside_path);

        g_assert_cmpstr (kept, ==, "{\"format\": \"pegs-and-jo");
        aside++;
        g_unlink (aside_path);
      }
  g_assert_cmpuint (aside, ==, 1);

  /* nothing there at all: nothing to restore, nothing to say */
  g_clear_pointer (&notice, g_free);
  g_unlink (backup);
  g_assert_null (pj_game_restore_autosave (path, &notice));
  g_assert_null (notice);
  g_rmdir (dir);
}

/* An autosave nested 100,000 deep (json-glib would recurse off the
 * stack): refused before parsing, set aside, and a new game starts. */
static void
test_restore_deep (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pj-deep-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "autosave.json", NULL);
  g_autofree char *notice = NULL;
  GString *deep = g_string_new ("{\"format\": ");
  g_autoptr (GDir) listing = NULL;
  const char *name;
  guint aside = 0;

  for (guint i = 0; i < 100000; i++)
    g_string_append_c (deep, '[');
  g_assert_true (g_file_set_contents (path, deep->str, (gssize) deep->len, NULL));
  g_string_free (deep, TRUE);

  g_assert_null (pj_game_restore_autosave (path, &notice));
  g_assert_nonnull (notice);
  g_assert_nonnull (strstr (notice, "a new game starts"));
  g_assert_nonnull (strstr (notice, "damaged"));
  listing = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *aside_path = g_build_filename (dir, name, NULL);

      g_assert_true (g_str_has_prefix (name, "autosave.json.damaged-"));
      aside++;
      g_unlink (aside_path);
    }
  g_assert_cmpuint (aside, ==, 1);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/autosave/full-disk", test_full_disk);
  g_test_add_func ("/autosave/read-only", test_read_only);
  g_test_add_func ("/autosave/restore-damaged", test_restore_damaged);
  g_test_add_func ("/autosave/restore-deep", test_restore_deep);

  return g_test_run ();
}
