module.exports = require('./build/jest/preset.cjs').createJestConfig(__dirname);
