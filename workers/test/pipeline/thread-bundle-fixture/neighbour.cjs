'use strict';

// Plain CommonJS beside the entry: the bundle loads it from here, as it is.
exports.whereAmI = () => __filename;
