/* Private declarations shared by the library's sources, by role: helpers,
 * the model, the PRNG, the algorithms, files, page layout and templates.
 * Not installed. */
#ifndef MEIRO_INTERNAL_H
#define MEIRO_INTERNAL_H

#include "util.h"
#include "model.h"
#include "rng.h"
#include "algorithms.h"
#include "io.h"
#include "layout.h"
#include "template.h"

#endif /* MEIRO_INTERNAL_H */
