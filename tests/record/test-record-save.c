/* test-record-save.c — saving: atomic replacement, backups and their mode,
 * errors told, only regular files read.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* symlink, mkfifo */
#define _GNU_SOURCE

#include "pj-record.h"
#include "pj-file.h"
#include "pj-json-limits.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "test-record-util.h"

/* ---- atomic saves ---------------------------------------------------- */

static guint
count_files (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (d))
    n++;
  return n;
}

static void
test_save_atomic (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-record-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *old = NULL, *now = NULL;
  g_autofree char *nowhere = NULL;
  g_autoptr (PjRecord) small = random_game (PJ_PRESET_BASIC, 4, 1, 5);
  g_autoptr (PjRecord) large = random_game (PJ_PRESET_BASIC, 4, 1, 400);
  struct rlimit saved, limit;
  gsize old_len;

  g_assert_no_error (error);
  path = g_build_filename (dir, "game.json", NULL);
  g_assert_true (pj_record_save (small, path, &error));
  g_assert_true (g_file_get_contents (path, &old, &old_len, NULL));

  /* The disk fills up half-way through writing the new version: simulated
   * with a file size limit, which also binds root (a read-only folder does not). */
  signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  limit = saved;
  limit.rlim_cur = old_len + 100;
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  g_assert_false (pj_record_save (large, path, &error));
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  g_assert_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_IO);
  g_test_message ("full disk: %s", error->message);
  {
    g_autofree char *display = g_filename_display_name (path);
    g_autofree char *prefix = g_strdup_printf ("Could not save “%s”: ", display);

    /* named as chosen, not as the temporary "game.json.XXXXXX" */
    g_assert_true (g_str_has_prefix (error->message, prefix));
    g_assert_null (strstr (error->message, "game.json."));
  }
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
  g_assert_cmpstr (now, ==, old);
  g_assert_cmpuint (count_files (dir), ==, 1);   /* no temporary file left behind */
  g_clear_pointer (&now, g_free);

  /* a read-only folder (when permissions bind us: not as root) */
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
  if (access (dir, W_OK) != 0)
    {
      g_assert_false (pj_record_save (large, path, &error));
      g_assert_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_IO);
      g_clear_error (&error);
      g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
      g_assert_cmpstr (now, ==, old);
      g_clear_pointer (&now, g_free);
    }
  g_assert_cmpint (g_chmod (dir, 0755), ==, 0);

  /* a folder that does not exist */
  nowhere = g_build_filename (dir, "no", "such", "game.json", NULL);
  g_assert_false (pj_record_save (large, nowhere, &error));
  g_assert_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_IO);
  g_clear_error (&error);

  /* and a save that can be written replaces the old file */
  g_assert_true (pj_record_save (large, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
  g_assert_cmpstr (now, !=, old);
  g_assert_cmpuint (count_files (dir), ==, 1);

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A failed save names the file the person chose, never the temporary file
 * it was being written to, and says why in words. */
/* A save that keeps a backup: PATH holds the newest version and PATH.bak,
 * a file of its own, the one before (the backup is linked, not renamed, so
 * that PATH is never missing). */
static void
test_save_backup (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-record-XXXXXX", &error);
  g_autofree char *path = NULL, *backup = NULL;
  const char *versions[] = { "one\n", "two\n", "three\n" };

  g_assert_no_error (error);
  path = g_build_filename (dir, "game.json", NULL);
  backup = pj_file_backup_path (path);
  for (guint i = 0; i < G_N_ELEMENTS (versions); i++)
    {
      g_autofree char *now = NULL, *before = NULL;
      GStatBuf a, b;

      g_assert_true (pj_file_write_atomic (path, versions[i], strlen (versions[i]), 0600,
                                           PJ_FILE_WRITE_KEEP_BACKUP, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
      g_assert_cmpstr (now, ==, versions[i]);
      if (i == 0)
        {
          g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
          continue;
        }
      g_assert_true (g_file_get_contents (backup, &before, NULL, NULL));
      g_assert_cmpstr (before, ==, versions[i - 1]);
      /* two files, not two names of one */
      g_assert_cmpint (g_stat (path, &a), ==, 0);
      g_assert_cmpint (g_stat (backup, &b), ==, 0);
      g_assert_cmpuint (a.st_ino, !=, b.st_ino);
      g_assert_cmpuint (a.st_nlink, ==, 1);
    }
  g_assert_cmpuint (count_files (dir), ==, 2);
  g_unlink (backup);
  g_unlink (path);
  g_rmdir (dir);
}

/* A backup left by an older build with a wider mode keeps no more than the
 * mode the new file gets: a save's backup holds the same hands. */
static void
test_save_backup_mode (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-record-XXXXXX", &error);
  g_autofree char *path = NULL, *backup = NULL;
  GStatBuf st;

  g_assert_no_error (error);
  path = g_build_filename (dir, "game.json", NULL);
  backup = pj_file_backup_path (path);
  g_assert_true (g_file_set_contents (path, "old\n", -1, NULL));
  g_assert_cmpint (g_chmod (path, 0644), ==, 0);
  g_assert_true (pj_file_write_atomic (path, "new\n", 4, 0600, PJ_FILE_WRITE_KEEP_BACKUP, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_assert_cmpint (g_stat (backup, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_unlink (backup);
  g_unlink (path);
  g_rmdir (dir);
}

/* Two files set aside from one path within a second (a damaged save, then
 * its damaged backup moved into its place) are both kept. */
static void
test_set_aside_twice (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-record-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "game.json", NULL);
  g_autofree char *first = NULL, *second = NULL, *a = NULL, *b = NULL;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, "first", -1, NULL));
  g_assert_true (pj_file_set_aside (path, &first, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, "second", -1, NULL));
  g_assert_true (pj_file_set_aside (path, &second, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (first, !=, second);
  g_assert_true (g_file_get_contents (first, &a, NULL, NULL));
  g_assert_true (g_file_get_contents (second, &b, NULL, NULL));
  g_assert_cmpstr (a, ==, "first");
  g_assert_cmpstr (b, ==, "second");
  g_unlink (first);
  g_unlink (second);
  g_rmdir (dir);
}

/* pj_file_read_regular(): a regular file of bounded size, read whole;
 * a FIFO is refused at once (never waited on), a link when asked not to
 * follow one, a file over the bound before it is read. */
static void
test_read_regular (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-record-XXXXXX", &error);
  g_autofree char *file = g_build_filename (dir, "file", NULL);
  g_autofree char *empty = g_build_filename (dir, "empty", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo", NULL);
  g_autofree char *link = g_build_filename (dir, "link", NULL);
  g_autofree char *data = NULL;
  gsize len = 99;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (file, "hello", -1, NULL));
  g_assert_true (g_file_set_contents (empty, "", 0, NULL));
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (symlink (file, link), ==, 0);

  data = pj_file_read_regular (file, 5, PJ_FILE_READ_NOFOLLOW, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (data, ==, "hello");
  g_assert_cmpuint (len, ==, 5);
  g_clear_pointer (&data, g_free);

  data = pj_file_read_regular (empty, 5, PJ_FILE_READ_NOFOLLOW, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (data, ==, "");
  g_assert_cmpuint (len, ==, 0);
  g_clear_pointer (&data, g_free);

  g_assert_null (pj_file_read_regular (file, 4, PJ_FILE_READ_NONE, &len, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "larger"));
  g_clear_error (&error);

  g_assert_null (pj_file_read_regular (fifo, 5, PJ_FILE_READ_NONE, &len, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "not a regular file"));
  g_clear_error (&error);

  g_assert_null (pj_file_read_regular (dir, 5, PJ_FILE_READ_NONE, &len, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  g_assert_null (pj_file_read_regular (link, 5, PJ_FILE_READ_NOFOLLOW, &len, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "link"));
  g_clear_error (&error);
  /* a file a person names may be a link to it */
  data = pj_file_read_regular (link, 5, PJ_FILE_READ_NONE, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (data, ==, "hello");

  g_clear_pointer (&data, g_free);
  g_unlink (file);
  g_assert_null (pj_file_read_regular (file, 5, PJ_FILE_READ_NONE, &len, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);

  g_unlink (empty);
  g_unlink (fifo);
  g_unlink (link);
  g_rmdir (dir);
}


static void
test_save_errors (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-record-XXXXXX", &error);
  g_autofree char *file = NULL;
  g_autofree char *under_file = NULL;
  g_autofree char *folder = NULL;
  g_autoptr (PjRecord) record = random_game (PJ_PRESET_BASIC, 4, 1, 5);
  struct { const char *path; const char *reason; } cases[2];

  g_assert_no_error (error);
  file = g_build_filename (dir, "notes.txt", NULL);
  g_assert_true (g_file_set_contents (file, "not a folder", -1, NULL));
  under_file = g_build_filename (file, "game.json", NULL);
  folder = g_build_filename (dir, "game.json", NULL);
  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  cases[0].path = under_file;
  cases[0].reason = "its folder is missing";
  cases[1].path = folder;
  cases[1].reason = "a folder has the save file’s name";

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *display = g_filename_display_name (cases[i].path);
      g_autofree char *expect = g_strdup_printf ("Could not save “%s”: %s", display,
                                                 cases[i].reason);

      g_assert_false (pj_record_save (record, cases[i].path, &error));
      g_assert_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_IO);
      g_test_message ("%s", error->message);
      g_assert_cmpstr (error->message, ==, expect);
      g_clear_error (&error);
    }
  /* the folder stays a folder, and no temporary file is left next to it */
  g_assert_true (g_file_test (folder, G_FILE_TEST_IS_DIR));
  g_assert_cmpuint (count_files (dir), ==, 2);

  g_assert_cmpint (g_rmdir (folder), ==, 0);
  g_assert_cmpint (g_remove (file), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}


int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  record_base_init ();
  g_test_add_func ("/record/save-atomic", test_save_atomic);
  g_test_add_func ("/record/save-errors", test_save_errors);
  g_test_add_func ("/record/save-backup", test_save_backup);
  g_test_add_func ("/record/save-backup-mode", test_save_backup_mode);
  g_test_add_func ("/record/read-regular", test_read_regular);
  g_test_add_func ("/record/set-aside-twice", test_set_aside_twice);
  status = g_test_run ();

  record_base_clear ();
  return status;
}
