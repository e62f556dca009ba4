import './components/splash.css';
import { startSignedInPartEarly } from './app/earlySignedInPart';

// (the API's URL as the bootstrap configures the client with it)
startSignedInPartEarly(process.env.PUBLIC_API_URL ?? '');
import('./bootstrap');
