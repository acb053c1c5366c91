module.exports = require('@crm/shared/build/jest/preset.cjs').createJestConfig(__dirname);
