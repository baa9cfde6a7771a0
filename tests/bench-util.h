/* bench-util.h — the figures benchmark programs print, read one way
 *
 * Samples sorted once, percentiles by nearest rank (as the tournament's
 * ms-per-decision figures): bench-ai, bench-server, bench-net-latency.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <math.h>
#include <stdlib.h>

static inline int
bench_cmp_double (const void *a,
                  const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static inline void
bench_sort (double *v,
            guint   n)
{
  qsort (v, n, sizeof (double), bench_cmp_double);
}

/* p in (0, 1]: 0.5 the median, 1 the maximum; 0 for no samples */
static inline double
bench_percentile (const double *sorted,
                  guint         n,
                  double        p)
{
  guint rank = (guint) ceil (p * n);

  return n ? sorted[MAX (rank, 1u) - 1] : 0.0;
}
