import { startSignedInPartEarly } from './app/earlySignedInPart';

startSignedInPartEarly();
import('./bootstrap');
