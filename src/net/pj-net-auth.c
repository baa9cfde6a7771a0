/* pj-net-auth.c — what proves a password or token without sending it, and
 * which protocol versions two peers share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config-net.h"

#include <glib/gi18n.h>
#include <string.h>

#include "pj-net-message.h"

/* The nonce is fresh for every connection, so a proof overheard on the LAN
 * opens no other connection. (It does not stop guessing a weak password
 * offline from it: PROTOCOL.md says so.) */
char *
pj_net_proof (const char *key,
              const char *nonce)
{
  return g_compute_hmac_for_string (G_CHECKSUM_SHA256,
                                    (const guchar *) key, strlen (key),
                                    nonce, -1);
}

char *
pj_net_bound_proof (const char     *key,
                    PjNetProofRole  role,
                    const char     *nonce,
                    const char     *binding)
{
  static const char *const roles[] = { "password", "token", "host" };
  g_autofree char *message = g_strdup_printf ("pegs-and-jokers/3 %s %s %s", roles[role], nonce,
                                              binding ? binding : "");

  return pj_net_proof (key, message);
}

/* Every byte is compared, whatever the first difference: how long the
 * answer takes tells nothing of how much of a guess was right. */
gboolean
pj_net_equal_secret (const char *a,
                     const char *b)
{
  gsize len_a = strlen (a);
  gsize len_b = strlen (b);
  guint8 diff = len_a != len_b;

  for (gsize i = 0; i < len_a && i < len_b; i++)
    diff |= (guint8) (a[i] ^ b[i]);
  return diff == 0;
}

int
pj_net_version_pick (int mine_min,
                     int mine_max,
                     int peer_min,
                     int peer_max)
{
  int high = MIN (mine_max, peer_max);

  return high >= MAX (mine_min, peer_min) ? high : 0;
}

char *
pj_net_version_message (int client_min,
                        int client_max,
                        int table_min,
                        int table_max)
{
  if (pj_net_version_pick (client_min, client_max, table_min, table_max) != 0)
    return NULL;
  /* said to the person joining, whichever side finds out */
  if (client_max < table_min)
    return g_strdup (_("This table needs a newer version of Pegs and Jokers"));
  return g_strdup (_("This table runs an older version of Pegs and Jokers"));
}
