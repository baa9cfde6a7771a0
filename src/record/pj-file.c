/* pj-file.c — the one atomic writer every save in the project goes through
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* O_CLOEXEC, fchmod, fsync */
#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pj-file.h"

const char *
pj_file_error_reason (const GError *error)
{
  if (error->domain != G_FILE_ERROR)
    return error->message;
  switch (error->code)
    {
    case G_FILE_ERROR_NOSPC:
      return _("the disk is full");
    case G_FILE_ERROR_ACCES:
    case G_FILE_ERROR_PERM:
      return _("you may not write to its folder");
    case G_FILE_ERROR_ROFS:
      return _("the disk is read-only");
    case G_FILE_ERROR_ISDIR:
      return _("a folder has the save file’s name");
    case G_FILE_ERROR_NOENT:
    case G_FILE_ERROR_NOTDIR:
      return _("its folder is missing");
    default:
      return error->message;
    }
}

/* A failure of errno `saved` while saving path: the GError names the file
 * the person chose, with the reason in their words. */
static void
set_save_error (GError     **error,
                const char  *path,
                int          saved)
{
  g_autoptr (GError) cause = g_error_new_literal (G_FILE_ERROR, g_file_error_from_errno (saved),
                                                  g_strerror (saved));
  g_autofree char *name = g_filename_display_name (path);

  /* Translators: a file name, then why, e.g. "the disk is full" */
  g_set_error (error, G_FILE_ERROR, cause->code, _("Could not save “%s”: %s"),
               name, pj_file_error_reason (cause));
}

static gboolean
write_all (int          fd,
           const char  *data,
           gsize        len)
{
  while (len > 0)
    {
      gssize n = write (fd, data, len);

      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          return FALSE;
        }
      data += n;
      len -= (gsize) n;
    }
  return TRUE;
}

char *
pj_file_backup_path (const char *path)
{
  return g_strconcat (path, ".bak", NULL);
}

gboolean
pj_file_write_atomic (const char        *path,
                      const void        *data,
                      gsize              len,
                      int                mode,
                      PjFileWriteFlags   flags,
                      GError           **error)
{
  g_autofree char *tmp = NULL;
  int fd, saved;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || len == 0, FALSE);

  /* beside the file: the rename stays on one filesystem, hence atomic */
  tmp = g_strconcat (path, ".XXXXXX", NULL);
  fd = g_mkstemp_full (tmp, O_RDWR | O_CLOEXEC, mode);
  if (fd < 0)
    {
      set_save_error (error, path, errno);
      return FALSE;
    }
  /* the mode asked for, whatever the umask made of it (0600 for secrets) */
  if (!write_all (fd, data, len) || fchmod (fd, (mode_t) mode) != 0 || fsync (fd) != 0)
    {
      saved = errno;
      close (fd);
      goto failed;
    }
  if (close (fd) != 0)
    goto failed_errno;

  if ((flags & PJ_FILE_WRITE_KEEP_BACKUP) && g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_autofree char *backup = pj_file_backup_path (path);

      /* A hard link keeps PATH in place until the rename below replaces it
       * atomically: a crash at any point leaves PATH whole. Filesystems
       * without links get two renames, and a crash between them leaves only
       * the backup to fall back on. */
      if (g_unlink (backup) != 0 && errno != ENOENT)
        goto failed_errno;
      if (link (path, backup) != 0 && g_rename (path, backup) != 0)
        goto failed_errno;
      /* a file left by an older build (0644) keeps no wider mode as the
       * backup than the new file gets (where modes exist at all) */
      g_chmod (backup, mode);
    }
  if (g_rename (tmp, path) != 0)
    goto failed_errno;
  return TRUE;

failed_errno:
  saved = errno;
failed:
  /* the old file is untouched; only the temporary goes */
  g_unlink (tmp);
  set_save_error (error, path, saved);
  return FALSE;
}

gboolean
pj_file_set_aside (const char  *path,
                   char       **new_path,
                   GError     **error)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *aside = g_strdup_printf ("%s.damaged-%s", path, stamp);

  /* two set aside within a second (a save and then its backup): the
   * second must not replace the first */
  for (guint n = 2; n < 100 && g_file_test (aside, G_FILE_TEST_EXISTS | G_FILE_TEST_IS_SYMLINK); n++)
    {
      g_free (aside);
      aside = g_strdup_printf ("%s.damaged-%s-%u", path, stamp, n);
    }
  if (g_rename (path, aside) != 0)
    {
      int saved = errno;
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   /* Translators: a file name, then why */
                   _("Could not move “%s” aside: %s"), name, g_strerror (saved));
      return FALSE;
    }
  if (new_path != NULL)
    *new_path = g_steal_pointer (&aside);
  return TRUE;
}

char *
pj_file_read_bounded (FILE    *stream,
                      gsize    max,
                      gsize   *length,
                      GError **error)
{
  g_autoptr (GByteArray) buf = g_byte_array_new ();
  guint8 chunk[65536];
  gsize n;

  while ((n = fread (chunk, 1, sizeof chunk, stream)) > 0)
    {
      g_byte_array_append (buf, chunk, (guint) n);
      if (buf->len > max)
        break;
    }
  if (ferror (stream))
    {
      int saved_errno = errno ? errno : EIO;

      g_set_error_literal (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                           g_strerror (saved_errno));
      return NULL;
    }
  *length = buf->len;
  g_byte_array_append (buf, (const guint8 *) "", 1);
  return (char *) g_byte_array_free (g_steal_pointer (&buf), FALSE);
}

/* The size in the reader's units: xgettext cannot read a msgid that a
 * G_GSIZE_FORMAT splits, so the number goes in as words of its own. */
static void
too_large (GError     **error,
           const char  *name,
           gsize        max)
{
  g_autofree char *size = g_format_size (max);

  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
               /* Translators: a file name, then a size, e.g. "“table.json” is larger than 8.4 MB" */
               _("“%s” is larger than %s"), name, size);
}

char *
pj_file_read_regular (const char       *path,
                      gsize             max,
                      PjFileReadFlags   flags,
                      gsize            *length,
                      GError          **error)
{
  g_autofree char *name = NULL;
  g_autoptr (GError) local = NULL;
  struct stat st;
  char *data;
  FILE *stream;
  int fd, saved;

  g_return_val_if_fail (path != NULL && length != NULL, NULL);

  /* O_NONBLOCK: opening a FIFO must not wait for a writer; a regular
   * file reads the same with it */
  fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY |
               ((flags & PJ_FILE_READ_NOFOLLOW) ? O_NOFOLLOW : 0), 0);
  if (fd < 0)
    {
      saved = errno;
      name = g_filename_display_name (path);
      if (saved == ELOOP && (flags & PJ_FILE_READ_NOFOLLOW))
        /* Translators: a file name */
        g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                     _("“%s” is a link, not a file of its own"), name);
      else
        g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                     /* Translators: a file name, then why */
                     _("Could not open “%s”: %s"), name, g_strerror (saved));
      return NULL;
    }
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      close (fd);
      name = g_filename_display_name (path);
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                   /* Translators: a file name */
                   _("“%s” is not a regular file"), name);
      return NULL;
    }
  if ((guint64) st.st_size > max)
    {
      close (fd);
      name = g_filename_display_name (path);
      too_large (error, name, max);
      return NULL;
    }
  stream = fdopen (fd, "rb");
  if (stream == NULL)
    {
      saved = errno;
      close (fd);
      name = g_filename_display_name (path);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Could not read “%s”: %s"), name, g_strerror (saved));
      return NULL;
    }
  /* bounded again: the size fstat gave may grow while we read */
  data = pj_file_read_bounded (stream, max, length, &local);
  fclose (stream);
  name = g_filename_display_name (path);
  if (data == NULL)
    {
      g_set_error (error, G_FILE_ERROR, local->code, _("Could not read “%s”: %s"), name, local->message);
      return NULL;
    }
  if (*length > max)
    {
      g_free (data);
      too_large (error, name, max);
      return NULL;
    }
  return data;
}
