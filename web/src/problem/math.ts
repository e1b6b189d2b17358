// Math lifting lives with the markdown policy in protocol: the server renders statements the same way.
export { dropMath, hasMath, liftMath, type MathPiece } from '@oj/protocol/markdown/math';
