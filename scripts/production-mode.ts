// Imported first by scripts/start.ts (before it imports the server), so it runs before anything
// loads React or another library: those pick their production or development build from NODE_ENV when they
// are first loaded, and `npm start` is the production server (`npm run dev` is the development one).
// The test harness runs the same production builds; its test-only switches need ALLOW_TEST_SWITCHES=1.
process.env.NODE_ENV = 'production';
