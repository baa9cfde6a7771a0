/* pj-file.h — the one atomic writer every save in the project goes through
 *
 * A save never truncates the previous good file: the new text goes to a
 * temporary file beside it, is flushed to the disk, and only then renamed
 * over the old one. On any failure the old file stays as it was and the
 * GError names the file the person knows (never the temporary) with the
 * reason in their words ("the disk is full").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <stdio.h>

G_BEGIN_DECLS

typedef enum {
  PJ_FILE_WRITE_NONE        = 0,
  /* keep the file being replaced as PATH.bak (the last good autosave, for
   * when the newest one turns out damaged) */
  PJ_FILE_WRITE_KEEP_BACKUP = 1 << 0,
} PjFileWriteFlags;

/* Write len bytes of data to path atomically, the new file with mode
 * (e.g. 0644, 0600 for secrets). FALSE with a G_FILE_ERROR on failure. */
gboolean    pj_file_write_atomic    (const char       *path,
                                     const void       *data,
                                     gsize             len,
                                     int               mode,
                                     PjFileWriteFlags  flags,
                                     GError          **error);

/* Read an open stream to its end, but never more than max + 1 bytes: a
 * length above max says "too large" without trusting the size a file
 * claims (or reading all of an endless pipe). The data, NUL-terminated
 * after length bytes; NULL with a G_FILE_ERROR whose message is the
 * system's reason alone, for the caller to put the file's name to. */
char       *pj_file_read_bounded    (FILE             *stream,
                                     gsize             max,
                                     gsize            *length,
                                     GError          **error);

typedef enum {
  PJ_FILE_READ_NONE     = 0,
  /* refuse a symbolic link (a file in a folder of our own, never one that
   * points elsewhere) */
  PJ_FILE_READ_NOFOLLOW = 1 << 0,
} PjFileReadFlags;

/* Read the whole of path, which must be a regular file (never a FIFO, a
 * device or a folder, which could block or never end) of at most max
 * bytes; the check is made on the file opened, not on its name. The data,
 * NUL-terminated after length bytes; NULL with a G_FILE_ERROR naming the
 * file ("“x” is not a regular file", "… is larger than …"); a missing
 * file is G_FILE_ERROR_NOENT. */
char       *pj_file_read_regular    (const char       *path,
                                     gsize             max,
                                     PjFileReadFlags   flags,
                                     gsize            *length,
                                     GError          **error);

/* Where PJ_FILE_WRITE_KEEP_BACKUP keeps the previous file. */
char       *pj_file_backup_path     (const char       *path);

/* Move a file that cannot be read out of the way without deleting it
 * (PATH.damaged-DATE); its new path in new_path. */
gboolean    pj_file_set_aside       (const char       *path,
                                     char            **new_path,
                                     GError          **error);

/* Why a file operation failed, in people's words ("the disk is full"),
 * for a GError of the G_FILE_ERROR domain (else its own message). */
const char *pj_file_error_reason    (const GError     *error);

G_END_DECLS
